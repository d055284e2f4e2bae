// What a task does with one wait the PTY core detected: one decision, with the signal behind it (the explain line
// a status change records). The runner acts on it; the collaborators that watch every wait read (the start-up
// screens, the turn signals) see it here, in the order the decision needs them.
import type { IAgentAdapter } from '../adapters/adapter.js';
import { dialogOn, relayedWait, shownSinceInput } from '../auto-answers/screen-dialogs.js';
import type { TerminalWait } from '../terminal/task-terminal.js';
import type { TaskDefinition } from '../workflow/workflow-schema.js';
import type { StartScreens } from './task-start-screens.js';
import type { TaskState } from './task-types.js';
import type { TurnSignals } from './turn-signals.js';
import { classifyWait } from './wait-classifier.js';

export type WaitDecision =
  /** Not read: the task is over or not interactive, keys are being pressed, its hook owns the question, nothing drawn, or the turn is not over. */
  | { act: 'ignore' }
  /** The screen gatehouse's own last answer was given on, unchanged: not answered twice. */
  | { act: 'unchanged'; wait: TerminalWait }
  /** Idle, but not yet the prompt to type at: the task is RUNNING because of `signal`. */
  | { act: 'running'; signal: string }
  /** Idle, held until the CLI's hooks are seen to run (its hook being its only gate). */
  | { act: 'hold' }
  /** busy: keeps RUNNING; idle: the next pending input, or DONE; hook-first: a question the CLI's hook may own; ask: a question. */
  | { act: 'busy' | 'idle' | 'hook-first' | 'ask'; signal: string; wait: TerminalWait };

export interface WaitRoutingTask {
  state: TaskState;
  definition: TaskDefinition;
  adapter: IAgentAdapter;
  /** Keys are being pressed and checked: the waits they cause are the acting's own. */
  acting: boolean;
  /** The agent's own hook owns a permission question (its dialog may be drawn meanwhile). */
  hookAsking: boolean;
  /** The CLI's hooks are wired for this run. */
  hooked: boolean;
  /** The last input was gatehouse's own (a policy's answer, a pending input). */
  answeredItself: boolean;
  /** Called when the screen moved on since gatehouse's own input. */
  ownAnswerPassed(): void;
  /** Nothing is typed until the hooks of a CLI whose hook is its only gate are seen to run. */
  hookProofAwaiting: boolean;
  startScreens: StartScreens | null;
  turns: TurnSignals | null;
}

const IGNORE: WaitDecision = { act: 'ignore' };

export function routeWait(seen: TerminalWait, task: WaitRoutingTask): WaitDecision {
  // A dialog the adapter knows is asked with its own question, its options that leave the terminal marked.
  const dialogs = task.adapter.dialogs ?? [];
  const wait = relayedWait(seen, dialogs);
  const dialog = dialogOn(shownSinceInput(wait), dialogs) !== null;
  const status = task.state.status;
  // A wait while WAITING_FOR_USER means the screen changed meanwhile: read it again.
  if (status === 'DONE' || status === 'FAILED' || !task.definition.interactive || task.acting) return IGNORE;
  // The agent's own hook owns a permission question (its dialog may be drawn meanwhile): the screen is not read.
  if (task.hookAsking) return IGNORE;
  if (task.answeredItself) {
    if (wait.unchangedSinceInput) return { act: 'unchanged', wait };
    task.ownAnswerPassed();
  }
  task.startScreens?.waitSeen(wait, dialog);
  // Nothing drawn since the last input (the echo of what was typed): the program has not asked anything yet. A
  // known dialog is drawn even without a new line (Codex redraws its screen in place).
  if (!wait.drawn && !dialog && task.state.pendingInputs.length === 0 && status === 'RUNNING') return IGNORE;
  const kind = classifyWait(wait, task.adapter.detect, task.definition);
  const notIdleYet = task.startScreens?.notIdleYet(wait, kind === 'idle');
  if (notIdleYet) return { act: 'running', signal: `screen read as idle, but ${notIdleYet}` };
  if (kind === 'idle' && task.hookProofAwaiting) return { act: 'hold' };
  // Once a turn started, the agent's own channels say when it is over; the screen only if they stay silent.
  if (kind !== 'idle') task.turns?.screenMoved();
  else if (task.turns && !task.turns.screenIdle()) return IGNORE;
  const signal = `screen read as ${kind === 'unknown' ? 'a question' : kind}`;
  if (kind === 'busy') return { act: 'busy', signal, wait };
  // Without idle patterns (the generic adapter) every wait may take the next pending input.
  const knowsIdle = task.adapter.detect.idle.length > 0 || task.definition.idle.length > 0;
  if (kind === 'idle' || (kind === 'unknown' && !knowsIdle && task.state.pendingInputs.length > 0)) return { act: 'idle', signal, wait };
  if (kind === 'waiting' && task.hooked) return { act: 'hook-first', signal, wait };
  return { act: 'ask', signal, wait };
}
