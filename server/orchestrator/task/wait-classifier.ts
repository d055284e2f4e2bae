import type { ScreenDetection } from '../adapters/adapter.js';
import type { TerminalWait } from '../terminal/task-terminal.js';

/**
 * What a detected wait means for this adapter:
 * - `busy`: the adapter's busy pattern is on screen (e.g. a spinner with "esc to interrupt") — ignore;
 * - `waiting`: the adapter's waiting pattern is on screen — a question for a policy or a person;
 * - `idle`: the line under the cursor matches an idle pattern (the program's own input prompt), or the screen
 *   an idle-screen pattern;
 * - `unknown`: none of these (the generic case: pending inputs answer it, else it is a question).
 */
export type WaitKind = 'busy' | 'waiting' | 'idle' | 'unknown';

export function classifyWait(wait: TerminalWait, detect: ScreenDetection, extra: { idle?: readonly string[]; busy?: readonly string[] } = {}): WaitKind {
  if (detect.waiting.some((re) => re.test(wait.screen))) return 'waiting';
  const busy = [...detect.busy, ...(extra.busy ?? []).map((source) => new RegExp(source, 'im'))];
  if (busy.some((re) => re.test(wait.screen))) return 'busy';
  const line = wait.cursorLine.trimEnd();
  const idle = [...detect.idle, ...(extra.idle ?? []).map((source) => new RegExp(source, 'im'))];
  if (idle.some((re) => re.test(line)) || detect.idleScreen?.some((re) => re.test(wait.screen))) return 'idle';
  return 'unknown';
}
