import { randomBytes } from 'node:crypto';
import { planAnswer, type AnswerPlan } from './answer-plan.js';
import { addedSince, findLocalComponent, snapshotProject } from './project-files.js';
import { readingKey, TsciRun } from './tsci-run.js';
import { ResolveError, TERMINAL_STATES, type ResolveTaskOptions, type ResolveAnswer, type ResolveScreen, type ResolveSelection, type ResolveState, type ResolveTaskView } from './resolve-types.js';
import type { Reading } from '../pty/index.js';
import { replayAnswer, sameOptions, screenOf, selectionOf } from './resolve-selection.js';

export type { ResolveTaskOptions } from './resolve-types.js';

interface Answered {
  selection: ResolveSelection;
  answer: ResolveAnswer;
}

type Reply = { answer: ResolveAnswer; plan: AnswerPlan } | { changed: Reading } | null;

/**
 * One `resolve_component` task: local lookup, then `tsci import` in a pseudo-terminal whose every prompt is
 * relayed to the agent as an opaque menu. The agent never blocks: the task drives itself and waits in
 * `selection_required` until `select()`. Exit code is the only failure signal; a failed import that
 * followed a selection re-runs tsci, replays the earlier answers and re-presents that selection with the error.
 */
export class ResolveTask {
  readonly id = `rc-${randomBytes(4).toString('hex')}`;
  state: ResolveState = 'idle';
  private selection: ResolveSelection | undefined;
  private error: string | undefined;
  /** The screen showed Enter taken on another option than the agent's: the task fails with this, loudly. */
  private wrongPick: string | undefined;
  private location: string | undefined;
  private source: 'local' | 'global' | undefined;
  private reason: string | undefined;
  private exitCode: number | null | undefined;
  private readonly createdAt = new Date().toISOString();
  private updatedAt = this.createdAt;
  private endedAt: string | null = null;
  private run: TsciRun | null = null;
  private lastScreen: ResolveScreen | null = null;
  private answered: Answered[] = [];
  private waiter: ((answer: { answer: ResolveAnswer; plan: AnswerPlan }) => void) | null = null;
  private closed = false;
  private selections = 0;
  private readonly listeners = new Set<(task: ResolveTask) => void>();
  private readonly screenListeners = new Set<(task: ResolveTask) => void>();

  constructor(readonly opts: ResolveTaskOptions) {}

  get command(): string[] {
    return [...this.opts.tsci, 'import', this.opts.componentName, ...this.opts.flags];
  }

  get terminal(): boolean {
    return TERMINAL_STATES.includes(this.state) || this.closed;
  }

  onChange(listener: (task: ResolveTask) => void): void {
    this.listeners.add(listener);
  }

  /** tsci drew something (called per output burst: render the screen when it is needed, not here). */
  onScreen(listener: (task: ResolveTask) => void): void {
    this.screenListeners.add(listener);
  }

  /** Starts driving; returns at once. */
  start(): void {
    void this.drive().catch((err: Error) => this.fail(`gatehouse resolver error: ${err.message}`, null));
  }

  /** The agent's answer to the current selection. Throws ResolveError (state unchanged) when it cannot apply. */
  select(answer: ResolveAnswer): void {
    if (this.state !== 'selection_required' || !this.selection || !this.waiter) {
      throw new ResolveError(409, 'not_waiting', `task ${this.id} is ${this.state}, not waiting for a selection`);
    }
    if (answer.selection_id !== this.selection.selection_id) {
      throw new ResolveError(409, 'stale_selection', `selection_id: ${JSON.stringify(answer.selection_id)} is no longer on screen — the current selection is ${this.selection.selection_id} (prompt ${JSON.stringify(this.selection.prompt)}); read it and answer that one`);
    }
    const plan = planAnswer(this.selection, answer);
    const resolve = this.waiter;
    this.waiter = null;
    this.setState('trying_import');
    resolve({ answer, plan });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.waiter = null;
    const run = this.run;
    this.run = null;
    if (run) {
      this.lastScreen = screenOf(run);
      await run.kill();
    }
    if (!this.endedAt) this.endedAt = new Date().toISOString();
    this.emit();
  }

  view(): ResolveTaskView {
    const v: ResolveTaskView = {
      task_id: this.id,
      component_name: this.opts.componentName,
      project_dir: this.opts.projectDir,
      state: this.state,
      created_at: this.createdAt,
      updated_at: this.updatedAt,
      ended_at: this.endedAt,
      command: this.command,
      screen: this.run ? screenOf(this.run) : this.lastScreen,
    };
    if (this.state === 'selection_required') {
      v.selection = this.selection;
      if (this.error !== undefined) v.error = this.error;
    }
    if (this.state === 'finished') Object.assign(v, { location: this.location, source: this.source });
    if (this.state === 'failed') Object.assign(v, { reason: this.reason, exit_code: this.exitCode ?? null });
    return v;
  }

  private async drive(): Promise<void> {
    this.setState('checking_local');
    const local = findLocalComponent(this.opts.projectDir, this.opts.componentName, this.opts.lookupDirs);
    if (local) return this.finish(local, 'local');
    this.setState('checking_global');
    await this.attempt([], null);
  }

  /** One tsci run. `replay`: answers to give again (in order) before `represent` is shown with this.error. */
  private async attempt(replay: Answered[], represent: ResolveSelection | null): Promise<void> {
    const before = snapshotProject(this.opts.projectDir, this.opts.lookupDirs);
    const run = new TsciRun({ command: this.command, cwd: this.opts.projectDir, env: this.opts.env, stepTimeoutMs: this.opts.stepTimeoutMs });
    this.run = run;
    run.program.screenBuffer.onParsed(() => this.screenChanged(run));
    this.answered = [];
    let replayed = 0;
    const pendingError = this.error;
    for (;;) {
      const event = await run.next();
      if (this.closed) return;
      if (this.wrongPick) {
        const reason = this.wrongPick;
        return this.endRun(run, () => this.fail(reason, event.kind === 'exit' ? event.exit.exitCode : null));
      }
      if (event.kind === 'timeout') {
        const reason = `no prompt and no exit for ${Math.round(this.opts.stepTimeoutMs / 1000)} s; tsci was stopped.\n${run.drawnSinceInput()}`;
        return this.endRun(run, () => this.fail(reason, null));
      }
      if (event.kind === 'exit') {
        const output = run.drawnSinceInput();
        const code = event.exit.exitCode;
        if (code === 0) {
          const added = addedSince(before, snapshotProject(this.opts.projectDir, this.opts.lookupDirs));
          if (added.length) return this.endRun(run, () => this.finish(added[0], 'global'));
          return this.endRun(run, () => this.fail(output || 'tsci exited 0 without importing anything', 0));
        }
        const last = this.answered[this.answered.length - 1];
        if (!last) return this.endRun(run, () => this.fail(output, code));
        await this.endRun(run, () => undefined);
        this.error = output;
        this.setState('trying_import');
        return this.attempt(this.answered.slice(0, -1), last.selection);
      }
      if (replayed < replay.length) {
        // Re-running after a failed import: give the earlier answers again, mapped by text onto the menu as drawn now.
        const rec = replay[replayed++];
        const again = await replayAnswer(run, event.menu, rec);
        if (again) {
          this.answered.push({ selection: again, answer: rec.answer });
          continue;
        }
        // The re-run drew another menu than the one answered before: present it, never answer it blind.
        this.error = `${pendingError ?? ''}\n\nRe-running tsci drew a different menu than the one answered before (${JSON.stringify(rec.selection.prompt)}); here is the menu as it is now.`.trim();
        represent = null;
        replayed = replay.length;
        await this.present(run, event.menu, event.visible, selectionOf(event.menu, this.nextSelectionId()));
        continue;
      }
      let selection: ResolveSelection;
      if (represent) {
        // The failed pick's menu, as the re-run draws it: the same id when it is the same menu, else a new one.
        const now = selectionOf(event.menu, represent.selection_id);
        const same = sameOptions(now, represent);
        selection = same ? now : selectionOf(event.menu, this.nextSelectionId());
        this.error = same ? pendingError : `${pendingError ?? ''}\n\nThe menu changed since you answered it; this is the menu as it is now.`.trim();
        represent = null;
      } else {
        selection = selectionOf(event.menu, this.nextSelectionId());
        this.error = undefined;
      }
      await this.present(run, event.menu, event.visible, selection);
      if (this.closed) return;
    }
  }

  private nextSelectionId(): string {
    return `sel-${String(++this.selections).padStart(3, '0')}`;
  }

  /**
   * Waits on the agent for `selection`, applies the answer with verified keys, and keeps the selection open
   * (with the error) when the screen did not answer as planned. A screen that changes meanwhile replaces the
   * selection with a fresh one.
   */
  private async present(run: TsciRun, menu: Reading, visible: Reading, selection: ResolveSelection): Promise<void> {
    let full = menu;
    let basis = visible;
    for (;;) {
      this.selection = selection;
      const watch = { cancelled: false };
      const reply: Reply = await Promise.race([
        new Promise<Reply>((resolve) => {
          this.waiter = resolve;
          this.setState('selection_required');
        }),
        run.changedFrom(basis, watch).then((changed): Reply => (changed ? { changed } : null)),
      ]);
      watch.cancelled = true;
      if (this.closed) return;
      if (!reply) {
        // tsci ended on its own while the selection waited: its exit is handled like any other.
        this.waiter = null;
        this.setState('trying_import');
        return;
      }
      if ('changed' in reply) {
        this.waiter = null;
        full = await run.readAgain();
        basis = run.program.read();
        if (run.program.exitInfo) return;
        selection = selectionOf(full, this.nextSelectionId());
        this.error = undefined;
        continue;
      }
      const done = await run.apply(reply.plan, full.options);
      if (this.closed) return;
      if (!done.ok && done.wrongPick) {
        // Enter went to another option: never report this run as the agent's pick.
        this.wrongPick = done.error;
        return;
      }
      if (done.ok) {
        this.error = undefined;
        this.answered.push({ selection, answer: reply.answer });
        return;
      }
      if (run.program.exitInfo) return;
      // Refused: nothing more was pressed. Keep the selection open, on the screen as it is now.
      this.error = done.error;
      const before = basis;
      basis = run.program.read();
      if (readingKey(basis) !== readingKey(before)) {
        full = await run.readAgain();
        basis = run.program.read();
        selection = selectionOf(full, this.nextSelectionId());
      }
    }
  }

  private async endRun(run: TsciRun, then: () => void): Promise<void> {
    this.lastScreen = screenOf(run);
    if (this.run === run) this.run = null;
    await run.kill();
    then();
  }

  private finish(location: string, source: 'local' | 'global'): void {
    this.location = location;
    this.source = source;
    this.endedAt = new Date().toISOString();
    this.setState('finished');
  }

  private fail(reason: string, exitCode: number | null): void {
    if (this.closed) return;
    this.reason = reason;
    this.exitCode = exitCode;
    this.endedAt = new Date().toISOString();
    this.setState('failed');
  }

  private setState(state: ResolveState): void {
    this.state = state;
    this.emit();
  }

  private emit(): void {
    this.updatedAt = new Date().toISOString();
    for (const l of this.listeners) l(this);
  }

  private screenChanged(run: TsciRun): void {
    if (this.run !== run) return;
    for (const l of this.screenListeners) l(this);
  }
}
