// `gatehouse hooks install|uninstall`: the gatehouse hook merged into (and taken out of) a CLI's own hooks
// file — the person's settings.json / hooks.json — leaving everything else in it as it was.
import type { AgentHooks } from './agent-hooks.js';
import { parseSettings } from './settings-file.js';

export interface HookEntry {
  matcher: string;
  hooks: Array<{ type: 'command'; command: string; timeout: number }>;
}

/**
 * The marker that identifies gatehouse's hook in a file: `gatehouse-hook.cjs" <agent> <event>` (the hook's own
 * entry) or `hook <agent> <event>` (the `gatehouse hook` command, as installed before the entry existed).
 */
export function isGatehouseHook(command: unknown, agent: AgentHooks): boolean {
  if (typeof command !== 'string' || !command.includes('gatehouse')) return false;
  const words = ` ${agent.id} ${agent.permissionEvent}`;
  return command.includes(` hook${words}`) || command.includes(`gatehouse-hook.cjs"${words}`) || command.includes(`gatehouse-hook.cjs${words}`);
}

function parseObject(text: string | null, path: string): Record<string, any> {
  if (text === null || text.trim() === '') return {};
  const read = parseSettings(text);
  if (!read.ok) throw new Error(read.reason === null ? `${path}: must hold a JSON object; nothing was changed` : `${path}: not valid JSON (${read.reason}); fix or move it first, nothing was changed`);
  if (!read.hooksObject) throw new Error(`${path}: "hooks" must be an object; nothing was changed`);
  return read.settings;
}

/**
 * The one writer of hook entries: the settings' text with `add`'s groups after the groups each event already lists
 * (an event that lists none, or no list, gets just these); every other setting kept as it was.
 */
export function withHookGroups(settings: Record<string, any>, add: Record<string, unknown[]>): string {
  const hooks: Record<string, unknown[]> = { ...(settings.hooks ?? {}) };
  for (const [event, groups] of Object.entries(add)) hooks[event] = [...(Array.isArray(hooks[event]) ? hooks[event] : []), ...groups];
  return `${JSON.stringify({ ...settings, hooks }, null, 2)}\n`;
}

/** A hook entry's `timeout` in the unit the CLI reads it in. */
export function hookTimeout(agent: AgentHooks, seconds: number): number {
  return agent.timeoutUnit === 'milliseconds' ? seconds * 1000 : seconds;
}

export function gatehouseEntry(agent: AgentHooks, command: string, timeoutSeconds: number): HookEntry {
  return { matcher: agent.permissionMatcher, hooks: [{ type: 'command', command, timeout: hookTimeout(agent, timeoutSeconds) }] };
}

/** The file's text with the entry added, or null when a gatehouse hook for this agent is already there. */
export function withHook(text: string | null, path: string, agent: AgentHooks, entry: HookEntry): string | null {
  const settings = parseObject(text, path);
  const groups: unknown = settings.hooks?.[agent.permissionEvent];
  if (groups !== undefined && !Array.isArray(groups)) throw new Error(`${path}: "hooks.${agent.permissionEvent}" must be a list; nothing was changed`);
  if ((groups ?? []).some((g: any) => (g?.hooks ?? []).some((h: any) => isGatehouseHook(h?.command, agent)))) return null;
  return withHookGroups(settings, { [agent.permissionEvent]: [entry] });
}

/** The file's text with every gatehouse hook for this agent taken out (empty lists and objects it leaves dropped). */
export function withoutHook(text: string, path: string, agent: AgentHooks): string | null {
  const settings = parseObject(text, path);
  const groups: any[] | undefined = settings.hooks?.[agent.permissionEvent];
  if (!Array.isArray(groups)) return null;
  const kept = groups
    .map((g) => ({ ...g, hooks: (g?.hooks ?? []).filter((h: any) => !isGatehouseHook(h?.command, agent)) }))
    .filter((g) => g.hooks.length > 0);
  const removed = groups.reduce((n, g) => n + (g?.hooks?.length ?? 0), 0) - kept.reduce((n, g) => n + g.hooks.length, 0);
  if (removed === 0) return null;
  if (kept.length) settings.hooks[agent.permissionEvent] = kept;
  else delete settings.hooks[agent.permissionEvent];
  if (Object.keys(settings.hooks).length === 0) delete settings.hooks;
  return `${JSON.stringify(settings, null, 2)}\n`;
}
