// One tool call can reach gatehouse twice: through the CLI's hook before every call (PreToolUse) and, when the CLI's
// own settings still ask, through its permission hook (PermissionRequest) — Claude Code and Codex raise the first
// one first, Qwen Code raises its permission hook first. The earlier hook's decision is kept here a short while,
// and the later hook for the same call takes it: the person is asked once, the call is recorded once.
import type { AgentHooks, PermissionAsk } from './agent-hooks.js';
import type { GateDecision } from './permission-gate.js';

/** How long the earlier hook's decision waits for the later one (a CLI raises both within the same call). */
export const CALL_MEMO_MS = 10 * 60 * 1000;

interface Entry {
  decided: GateDecision;
  until: number;
}

export class CallMemo {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Keeps the decision of the earlier hook for this call. */
  put(key: string, decided: GateDecision): void {
    const now = this.now();
    for (const [k, e] of this.entries) if (e.until <= now) this.entries.delete(k);
    this.entries.set(key, { decided, until: now + CALL_MEMO_MS });
  }

  /** The earlier hook's decision for this call, once (null when there is none, or it is too old). */
  take(key: string): GateDecision | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    this.entries.delete(key);
    return entry.until > this.now() ? entry.decided : null;
  }
}

/** One call as both hooks see it: the agent, its session, the tool and what it does (the command, else the input). */
export function callKey(agent: string, hookInput: Record<string, unknown>, ask: PermissionAsk): string {
  const session = typeof hookInput.session_id === 'string' ? hookInput.session_id : '';
  return JSON.stringify([agent, session, ask.tool, ask.detail]);
}

/** The hook a call reaches gatehouse through first: the one before every call where the CLI raises it before its own check (Claude Code, Codex), else the permission hook. */
export function firstCallEvent(agent: Pick<AgentHooks, 'callHook' | 'permissionEvent'>): string {
  return agent.callHook?.order === 'before-permission' ? agent.callHook.event : agent.permissionEvent;
}
