// Input to a task's program — a person's raw keys (attach), text, named keys and picks, and gatehouse's own (a
// answer handler's answer, a pending input) — each inside the input guard, so the waits it causes are not read as new
// questions. After a person's input a waiting task is RUNNING again.
import { InputGuard } from '../terminal/input-guard.js';
import type { TaskTerminal } from '../terminal/task-terminal.js';
import { secretNote, typedInto } from '../terminal/secret-field.js';
import type { TaskHookQuestions } from './task-hook-questions.js';
import type { TaskLifecycle } from './task-lifecycle.js';

export interface TaskInputHost {
  readonly life: TaskLifecycle;
  /** The task's terminal, once started. */
  terminal(): TaskTerminal | null;
  readonly hookQuestions: TaskHookQuestions;
  /** Why text is not typed yet (the hook-proof gate), or null. */
  notTyped(): string | null;
  stop(reason: string): Promise<void>;
}

export class TaskInput {
  /** Keys being pressed and checked: the waits they cause are not read; an exit is concluded after them. */
  readonly guard = new InputGuard();
  /**
   * The last input was gatehouse's own (an answer handler's answer, a pending input). Until the program shows a new
   * screen, a wait is on the very screen that input answered: acting again would answer one prompt twice.
   */
  answeredItself = false;

  constructor(private readonly host: TaskInputHost) {}

  /** A person's raw keystrokes (attach); answers a waiting task. */
  write(data: string): void {
    const terminal = this.running();
    this.answeredItself = false;
    const secret = this.secret(terminal, data);
    terminal.write(data);
    this.resumed(secret);
  }

  /** A person's text (typed verbatim, then Enter unless submit is false). */
  async typeText(text: string, submit: boolean): Promise<void> {
    const terminal = this.running();
    const notTyped = this.host.notTyped();
    if (notTyped) throw new Error(`task ${this.host.life.state.id}: not typed — ${notTyped}`);
    this.answeredItself = false;
    const secret = this.secret(terminal, text);
    await this.acting(() => terminal.typeText(text, submit));
    this.resumed(secret);
  }

  async pressKeys(keys: string[]): Promise<void> {
    const terminal = this.running();
    this.answeredItself = false;
    await this.acting(() => terminal.pressKeys(keys));
    this.resumed();
  }

  /**
   * A person picked option `index` of the detected menu: made with verified keys. When the screen does not
   * answer as planned nothing more is pressed, the task keeps waiting and the error says what was seen.
   */
  async choose(index: number): Promise<void> {
    const options = this.host.life.state.interaction?.options ?? [];
    if (!options.some((o) => o.index === index)) throw new Error(`option ${index} is not on the screen (${options.length} options)`);
    if (await this.host.hookQuestions.choose(index)) return;
    this.answeredItself = false;
    const result = await this.acting(async () => {
      const made = await this.host.terminal()!.choose(index);
      // The program took another option than the one checked before Enter: the task fails loudly and ends.
      if (!made.ok && made.wrongPick !== undefined) await this.host.stop(made.error);
      return made;
    });
    if (!result.ok) throw new Error(result.wrongPick !== undefined ? result.error : `the pick was not made: ${result.error}`);
    this.resumed();
  }

  /** Waits detected while keys are being pressed and checked are the acting's own, not new interactions. */
  acting<T>(act: () => Promise<T>): Promise<T> {
    return this.guard.during(act);
  }

  private running(): TaskTerminal {
    const terminal = this.host.terminal();
    if (!terminal || terminal.exited) throw new Error(`task ${this.host.life.state.id} has no running process`);
    return terminal;
  }

  /** How input to a field the program marks as a key is recorded ("‹secret, N characters›"), else null. */
  private secret(terminal: TaskTerminal, text: string): string | null {
    return terminal.secretFieldUp?.() ? secretNote([...typedInto('', text)].length) : null;
  }

  /** The person's input is recorded as what decided the change — never its text (a secret: only its length). */
  private resumed(secret: string | null = null): void {
    const { life } = this.host;
    life.signal = secret ? `a person's input ${secret}` : "a person's input";
    if (life.state.status === 'WAITING_FOR_USER' || life.state.status === 'AWAITING_INTERACTION') {
      life.set((t) => {
        t.status = 'RUNNING';
        t.interaction = null;
      });
    }
  }
}
