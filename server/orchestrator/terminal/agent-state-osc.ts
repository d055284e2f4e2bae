// An agent CLI's own machine-readable state in its terminal output: OSC 7501 (Codex 0.169 writes
// `ESC ] 7501 ; state=working:app=codex ESC \`, `state=idle:…`, `state=blocked:…:kind=permission`, `state=clear`).
// Read by the headless terminal's OSC handler (pty-task-terminal.ts), never by matching raw bytes.

export const AGENT_STATE_OSC = 7501;

export interface AgentState {
  /** working | idle | blocked | clear (as the CLI says it). */
  state: string;
  /** The other `key=value` fields (app, kind …). */
  fields: Record<string, string>;
}

/** The OSC's payload (after `7501;`) as fields; null when it carries no `state`. */
export function parseAgentState(payload: string): AgentState | null {
  const fields: Record<string, string> = {};
  for (const part of payload.split(':')) {
    const at = part.indexOf('=');
    if (at > 0) fields[part.slice(0, at)] = part.slice(at + 1);
  }
  const { state, ...rest } = fields;
  return state ? { state, fields: rest } : null;
}

/** `state=idle` (app=codex) — how the explain lines quote it. */
export function describeAgentState(s: AgentState): string {
  const extra = Object.entries(s.fields).map(([k, v]) => `${k}=${v}`);
  return [`state=${s.state}`, ...extra].join(' ');
}
