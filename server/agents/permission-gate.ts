// A permission request from an agent's hook, put to the person as a choice session like any other gate (the
// portal, the terminal UI, `gatehouse answer`): Yes runs the tool call once, No refuses it and the agent is told.
// Nobody answering within the wait closes the question and hands the decision back to the CLI's own dialog.
import { CHOICE_LIMITS } from '../../shared/choice/limits.js';
import { validateChoiceRequest } from '../../shared/choice/validate-request.js';
import type { ChoiceSessions } from '../sessions/choice-sessions.js';
import type { AgentHooks, HookDecision, PermissionAsk } from './agent-hooks.js';
import { gitBranch } from '../platform/git-branch.js';

export const HOOK_OPTIONS = { allow: 'yes', deny: 'no' } as const;

export interface GateDecision {
  decision: HookDecision;
  /** Said to the agent with a deny; why the CLI decides itself with an ask. */
  message: string;
  session_id: string;
  status: string;
}

export function permissionPrompt(agent: AgentHooks, ask: PermissionAsk): { title: string; prompt: string } {
  const fence = ask.detail.includes('```') ? '~~~' : '```';
  const lines = [
    `**${agent.name}** wants to use **${ask.tool}**${ask.cwd ? ` in \`${ask.cwd}\`` : ''}:`,
    '',
    fence,
    ask.detail,
    fence,
  ];
  if (ask.reason) lines.push('', `Reason given: ${ask.reason}`);
  return { title: `${agent.name}: allow ${ask.tool}?`, prompt: lines.join('\n') };
}

/** Asks the person and waits up to `waitSeconds` (kept within the choice limits) for the answer. */
export async function askPermission(sessions: ChoiceSessions, agent: AgentHooks, ask: PermissionAsk, waitSeconds: number): Promise<GateDecision> {
  const seconds = Math.min(CHOICE_LIMITS.maxTimeoutSeconds, Math.max(CHOICE_LIMITS.minTimeoutSeconds, Math.round(waitSeconds)));
  const { title, prompt } = permissionPrompt(agent, ask);
  const validated = validateChoiceRequest({
    title,
    prompt,
    options: [
      { id: HOOK_OPTIONS.allow, label: 'Yes, allow this once' },
      { id: HOOK_OPTIONS.deny, label: 'No' },
    ],
    timeout_seconds: seconds,
    interface: 'web',
  });
  const source = { kind: 'hook' as const, agent: agent.name, project: ask.cwd ?? null, branch: ask.cwd ? await gitBranch(ask.cwd) : null };
  const created = await sessions.create(validated, 'web', undefined, source);
  const session = await sessions.wait(created.id, seconds * 1000 + 1000);
  const picked = session.result?.selected[0]?.id;
  const note = session.result?.global_annotation?.trim();
  if (session.status === 'submitted' && picked === HOOK_OPTIONS.allow) {
    return { decision: 'allow', message: 'The person allowed it through gatehouse.', session_id: session.id, status: session.status };
  }
  if (session.status === 'submitted' && picked === HOOK_OPTIONS.deny) {
    const message = `The person said No through gatehouse${note ? `: ${note}` : '.'} Do not run it; ask them what to do instead.`;
    return { decision: 'deny', message, session_id: session.id, status: session.status };
  }
  const why = session.status === 'cancelled' ? 'the person dismissed the question in gatehouse' : `nobody answered in gatehouse within ${seconds} s`;
  return { decision: 'ask', message: why, session_id: session.id, status: session.status };
}
