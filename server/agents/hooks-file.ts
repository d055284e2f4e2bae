// `gatehouse hooks install|uninstall`: the gatehouse hook merged into (and taken out of) a CLI's own hooks
// file — the person's settings.json / hooks.json — leaving everything else in it as it was.
import type { AgentHooks } from './agent-hooks.js';
import { parseSettings } from './settings-file.js';

export interface HookEntry {
  matcher: string;
  hooks: Array<{ type: 'command'; command: string; timeout: number }>;
}

/** The events gatehouse installs a hook for: the CLI's hook before every tool call, and its permission hook. */
export function gatehouseEvents(agent: AgentHooks): string[] {
  return agent.callHook ? [agent.callHook.event, agent.permissionEvent] : [agent.permissionEvent];
}

/**
 * The marker that identifies gatehouse's hook in a file: `gatehouse-hook.cjs" <agent> <event>` (the hook's own
 * entry) or `hook <agent> <event>` (the `gatehouse hook` command, as installed before the entry existed), for one of
 * the agent's gatehouse events.
 */
export function isGatehouseHook(command: unknown, agent: AgentHooks, events: string[] = gatehouseEvents(agent)): boolean {
  if (typeof command !== 'string' || !command.includes('gatehouse')) return false;
  return events.some((event) => {
    const words = ` ${agent.id} ${event}`;
    return command.includes(` hook${words}`) || command.includes(`gatehouse-hook.cjs"${words}`) || command.includes(`gatehouse-hook.cjs${words}`);
  });
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

export function gatehouseEntry(agent: AgentHooks, command: string, timeoutSeconds: number, matcher = agent.permissionMatcher): HookEntry {
  return { matcher, hooks: [{ type: 'command', command, timeout: hookTimeout(agent, timeoutSeconds) }] };
}

/** gatehouse's entry for each of the agent's events (gatehouseEvents), the command line made for each. */
export function gatehouseEntries(agent: AgentHooks, commandFor: (event: string) => string, timeoutSeconds: number): Record<string, HookEntry> {
  const entries: Record<string, HookEntry> = {};
  for (const event of gatehouseEvents(agent)) {
    const matcher = event === agent.callHook?.event ? agent.callHook.matcher : agent.permissionMatcher;
    entries[event] = gatehouseEntry(agent, commandFor(event), timeoutSeconds, matcher);
  }
  return entries;
}

/** The file's text with each event's entry added where that event has no gatehouse hook yet; null when none is missing. */
export function withHook(text: string | null, path: string, agent: AgentHooks, entries: Record<string, HookEntry>): string | null {
  const settings = parseObject(text, path);
  const add: Record<string, HookEntry[]> = {};
  for (const [event, entry] of Object.entries(entries)) {
    const groups: unknown = settings.hooks?.[event];
    if (groups !== undefined && !Array.isArray(groups)) throw new Error(`${path}: "hooks.${event}" must be a list; nothing was changed`);
    if (!(groups ?? []).some((g: any) => (g?.hooks ?? []).some((h: any) => isGatehouseHook(h?.command, agent, [event])))) add[event] = [entry];
  }
  return Object.keys(add).length === 0 ? null : withHookGroups(settings, add);
}

/** The file's text with every gatehouse hook for this agent taken out (empty lists and objects it leaves dropped). */
export function withoutHook(text: string, path: string, agent: AgentHooks): string | null {
  const settings = parseObject(text, path);
  let removed = 0;
  for (const event of gatehouseEvents(agent)) {
    const groups: any[] | undefined = settings.hooks?.[event];
    if (!Array.isArray(groups)) continue;
    const kept = groups
      .map((g) => ({ ...g, hooks: (g?.hooks ?? []).filter((h: any) => !isGatehouseHook(h?.command, agent, [event])) }))
      .filter((g) => g.hooks.length > 0);
    const gone = groups.reduce((n, g) => n + (g?.hooks?.length ?? 0), 0) - kept.reduce((n, g) => n + g.hooks.length, 0);
    if (gone === 0) continue;
    removed += gone;
    if (kept.length) settings.hooks[event] = kept;
    else delete settings.hooks[event];
  }
  if (removed === 0) return null;
  if (Object.keys(settings.hooks).length === 0) delete settings.hooks;
  return `${JSON.stringify(settings, null, 2)}\n`;
}
