import type { KeyName } from '../../pty/index.js';
import type { AgentState } from './agent-state-osc.js';

/** A wait the PTY core detected: the program is blocked reading input, or its screen settled. */
export interface TerminalWait {
  /** The question line of the block drawn since the last input (generic parser), '' if none. */
  prompt: string;
  /** Menu options (generic parser); empty for a y/n confirm or a text field. */
  options: Array<{ index: number; text: string }>;
  cursor: number;
  /** The visible screen, plain text, wrapped rows joined. */
  screen: string;
  /** The visible screen is exactly what it was when the last input was sent: the program shows nothing new since. */
  unchangedSinceInput: boolean;
  /** The screen line the cursor is on (where a shell or REPL draws its prompt), right-trimmed. */
  cursorLine: string;
  /** The program drew something since the last input (a wait on an unchanged screen is no new question). */
  drawn: boolean;
  /** The lines drawn since the last input, verbatim (a dialog answered before it is not in it); the screen when absent. */
  block?: string;
}

/** `wrongPick`: Enter was pressed and the program took that other option (pty/acting.ts says so in `error`). */
export type ChooseResult = { ok: true } | { ok: false; error: string; wrongPick?: string };

/** How to start a program in a pseudo-terminal. */
export interface TerminalLaunch {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  cols: number;
  rows: number;
  /** Fields the program itself marks as a key (the adapter's `secret` dialogs): what is typed there is masked. */
  secretFields?: RegExp[];
}

/**
 * What the orchestrator needs of one program in a pseudo-terminal. Implemented by
 * pty-task-terminal.ts on top of the PTY mediation core (server/pty/) — no second PTY layer here.
 */
export interface TaskTerminal {
  readonly pid: number;
  /** Raw input (an attached person's keystrokes). */
  write(data: string): void;
  /** Named keys (KeyName: enter, up, escape/esc, ctrl-c …) in the terminal's current mode, one per write, each taken before the next; other strings typed verbatim. */
  pressKeys(keys: Array<KeyName | string>): Promise<void>;
  /** Type text verbatim, then Enter when `submit` (a write of its own, after the program took the text); rejects, no Enter pressed, when the screen neither showed the text nor answered it. */
  typeText(text: string, submit: boolean): Promise<void>;
  /** Pick menu option `index` with verified keys (pty/acting.ts); refused, with what was seen, when the screen does not answer as planned. */
  choose(index: number): Promise<ChooseResult>;
  resize(cols: number, rows: number): void;
  readonly size: { cols: number; rows: number };
  /** The visible screen as plain text. */
  screenText(): string;
  /** Bytes that repaint the current screen in a fresh terminal (for a client that attaches). */
  snapshot(): string;
  onData(listener: (data: string) => void): () => void;
  /** Called once per detected wait (again only after new output). */
  onWait(listener: (wait: TerminalWait) => void): () => void;
  onExit(listener: (exit: { code: number | null; signal: number | null }) => void): () => void;
  /** The program's own state in its output (OSC 7501), each time it reports one. */
  onAgentState(listener: (state: AgentState) => void): () => void;
  readonly exited: boolean;
  /** A field the program marks as a key is on the screen now (what is typed there is masked in all it relays). */
  secretFieldUp?(): boolean;
  /** End the whole process group (TERM, then KILL). */
  kill(): Promise<void>;
}

export type TerminalFactory = (launch: TerminalLaunch) => TaskTerminal;
