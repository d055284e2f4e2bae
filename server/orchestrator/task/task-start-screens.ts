// While a CLI starts, a prompt the screen reads as idle is not always the one to type the task's input at:
// - HookedLaunch.screenAfterPrompt: a screen the CLI draws just after its prompt (Codex's "Hooks need review",
//   0.5–3 s after its composer) is still to come — typed at the composer, the input would go into that menu;
// - detect.idleAfterState: the CLI has not said state=idle on its own channel yet (Codex draws its composer a
//   moment before its sign-in);
// - a known dialog (first run, sign-in) replaced the prompt the input was just typed at: the CLI keeps the input
//   and submits it itself once past its dialogs, so it is not typed again.
import type { TerminalWait } from '../terminal/task-terminal.js';

export interface StartScreensHost {
  /** An explain line that changes no status. */
  note(line: string): void;
}

export class StartScreens {
  private screenAfterPromptSeen = false;
  /** The CLI said state=idle on its own channel (OSC 7501) at least once. */
  private stateIdleSeen = false;
  /** The pending input gatehouse typed last, until the program draws something after it. */
  private inputTyped: string | null = null;

  constructor(
    private readonly host: StartScreensHost,
    private readonly screenAfterPrompt: string | undefined,
    private readonly idleAfterState: boolean,
  ) {}

  /** The CLI's own channel said state=idle. */
  channelIdle(): void {
    this.stateIdleSeen = true;
  }

  /** gatehouse typed a pending input. */
  inputSent(input: string): void {
    this.inputTyped = input;
  }

  /** A wait: a known dialog over the prompt the input was just typed at keeps that input; anything drawn ends it. */
  waitSeen(wait: TerminalWait, dialog: boolean): void {
    if (dialog && this.inputTyped !== null) {
      const input = this.inputTyped;
      this.inputTyped = null;
      this.host.note(`pending input ${JSON.stringify(input)} was typed just before a first-run dialog replaced the prompt; the CLI keeps it`);
    } else if (wait.drawn) this.inputTyped = null;
  }

  /** Why a wait read as idle is not yet the prompt to type at (null: it is, or it is no idle). Sees every wait read. */
  notIdleYet(wait: TerminalWait, idle: boolean): string | null {
    if (this.beforeScreenAfterPrompt(wait) && idle) return `"${this.screenAfterPrompt}" is still to come`;
    if (idle && this.idleAfterState && !this.stateIdleSeen) return "the CLI has not said state=idle on its own channel yet";
    return null;
  }

  private beforeScreenAfterPrompt(wait: TerminalWait): boolean {
    const expected = this.screenAfterPrompt;
    if (!expected || this.screenAfterPromptSeen) return false;
    this.screenAfterPromptSeen = wait.screen.includes(expected);
    return !this.screenAfterPromptSeen;
  }
}
