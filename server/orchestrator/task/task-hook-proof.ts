// A CLI whose own hook is its only gate (Gemini CLI in yolo: it runs tools without asking) gets nothing typed into
// it until its hooks are seen to run: its start hook (HookedLaunch.hooksProvenBy, e.g. `SessionStart`) proves it.
// An idle prompt before that is held; past HOOK_PROOF_SECONDS the task is stopped, saying why. Raw keys stay open
// (a trust or sign-in dialog must be answerable). The hook reaches the task through hook-routing.ts.
import type { TaskState } from './task-types.js';

/** How long an idle prompt waits for the start hook of a CLI whose hook is its only gate before the task stops. */
export const HOOK_PROOF_SECONDS = 30;

/** What the task runner lends the hook-proof gate. */
export interface HookProofHost {
  readonly state: TaskState;
  /** The hook event that proves the CLI's hooks run (HookedLaunch.hooksProvenBy), if this run has one. */
  provenBy(): string | undefined;
  /** The task is RUNNING with no interaction; `signal` is recorded as what decided it. */
  running(signal: string): void;
  /** An explain line that changes no status. */
  note(line: string): void;
  stop(reason: string): Promise<void>;
  /** The hooks were seen to run while an idle prompt was held for it: that prompt may take the next input now. */
  released(signal: string): void;
}

export class HookProofGate {
  private proven = false;
  private held = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly host: HookProofHost,
    /** The CLI's name in the explain lines and errors. */
    private readonly cli: string,
  ) {}

  /** Its start hook has not reached the task yet, so nothing may be typed. */
  get awaiting(): boolean {
    return Boolean(this.host.provenBy()) && !this.proven;
  }

  /** Why text may not be typed into the CLI now (null: it may). */
  notTyped(): string | null {
    if (!this.awaiting) return null;
    return `${this.cli} runs tools without asking and its hooks have not been seen to run yet (no ${this.host.provenBy()} hook)`;
  }

  /** An idle prompt before the CLI's hooks were seen to run: held; past HOOK_PROOF_SECONDS the task is stopped. */
  hold(): void {
    const event = this.host.provenBy()!;
    const first = !this.held;
    this.held = true;
    const signal = `screen read as idle, but no ${this.cli} ${event} hook yet: nothing is typed until its hooks are seen to run`;
    const before = this.host.state.status;
    this.host.running(signal);
    if (first && before === 'RUNNING') this.host.note(signal);
    this.timer ??= setTimeout(() => {
      const status = this.host.state.status;
      if (this.proven || status === 'DONE' || status === 'FAILED') return;
      void this.host.stop(
        `${this.cli} showed its prompt, but its ${event} hook did not reach gatehouse within ${HOOK_PROOF_SECONDS} s: its hooks do not run (e.g. an untrusted folder, or a setting gatehouse does not read), and it runs tools without asking (yolo), its hook the only gate — nothing was typed into it`,
      );
    }, HOOK_PROOF_SECONDS * 1000);
    this.timer.unref();
  }

  /** The agent's start hook (Gemini CLI `SessionStart`): its hooks run; an input held for that proof goes now. */
  hooksRun(signal: string): void {
    if (this.proven) return;
    this.proven = true;
    if (this.timer) clearTimeout(this.timer);
    this.host.note(`${signal}: its hooks run`);
    if (!this.held) return;
    this.held = false;
    this.host.released(signal);
  }
}
