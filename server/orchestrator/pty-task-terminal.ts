import { keysToSelect, PtyProgram, type Key, type KeyName } from '../pty/index.js';
import { readMenu } from './menu-reading.js';
import type { TaskTerminal, TerminalLaunch, TerminalWait } from './task-terminal.js';

const KEY_NAMES: ReadonlySet<string> = new Set<KeyName>(['up', 'down', 'left', 'right', 'enter', 'space', 'escape', 'tab', 'backspace', 'home', 'end', 'ctrl-c']);
/** Transcripts up to this size are replayed to a client that attaches (colours and all); beyond, the visible rows. */
const REPLAY_LIMIT = 1 << 20;

/**
 * A task's program on the PTY mediation core (server/pty): PtyProgram gives the process, the headless
 * screen and input-wait detection; this adds the "once per wait" loop and the listener plumbing.
 */
export class PtyTaskTerminal implements TaskTerminal {
  readonly program: PtyProgram;
  exited = false;
  private readonly waitListeners = new Set<(wait: TerminalWait) => void>();
  private readonly exitListeners = new Set<(exit: { code: number | null; signal: number | null }) => void>();
  private wake: (() => void) | null = null;
  /** New output or input since the last wait fired. */
  private dirty = false;
  private exitInfo: { code: number | null; signal: number | null } | null = null;

  constructor(launch: TerminalLaunch) {
    this.program = PtyProgram.spawn({
      command: launch.command,
      args: launch.args,
      cwd: launch.cwd,
      env: { ...process.env, ...launch.env },
      cols: launch.cols,
      rows: launch.rows,
    });
    this.program.onData(() => this.poke());
    void this.program.exited.then((exit) => {
      this.exited = true;
      this.exitInfo = { code: exit.exitCode, signal: exit.signal };
      this.wake?.();
      for (const listener of this.exitListeners) listener(this.exitInfo);
      this.program.dispose();
    });
    void this.watchWaits();
  }

  get pid(): number {
    return this.program.pid;
  }

  get size(): { cols: number; rows: number } {
    const view = this.program.screenBuffer.term;
    return { cols: view.cols, rows: view.rows };
  }

  write(data: string): void {
    this.program.write(data);
    this.poke();
  }

  pressKeys(keys: string[]): void {
    this.program.pressKeys(keys.map((k): Key => (KEY_NAMES.has(k) ? (k as KeyName) : { text: k })));
    this.poke();
  }

  typeText(text: string, submit: boolean): void {
    this.pressKeys(submit ? [text, 'enter'] : [text]);
  }

  choose(index: number): void {
    this.program.pressKeys(keysToSelect(readMenu(this.program).cursor, index));
    this.poke();
  }

  resize(cols: number, rows: number): void {
    this.program.resize(cols, rows);
  }

  screenText(): string {
    return this.program.screen().lines.join('\n');
  }

  snapshot(): string {
    const transcript = this.program.transcript;
    if (transcript.length <= REPLAY_LIMIT) return transcript;
    const view = this.program.screen();
    const visible = view.lines.slice(-view.rows);
    const cursorRow = Math.max(1, view.cursor.line - (view.lines.length - visible.length) + 1);
    return `\x1b[2J\x1b[H${visible.join('\r\n')}\x1b[${cursorRow};${(view.cursor.column % view.cols) + 1}H${view.applicationCursor ? '\x1b[?1h' : ''}`;
  }

  onData(listener: (data: string) => void): () => void {
    return this.program.onData(listener);
  }

  onWait(listener: (wait: TerminalWait) => void): () => void {
    this.waitListeners.add(listener);
    return () => this.waitListeners.delete(listener);
  }

  onExit(listener: (exit: { code: number | null; signal: number | null }) => void): () => void {
    if (this.exitInfo) {
      const info = this.exitInfo;
      queueMicrotask(() => listener(info));
      return () => undefined;
    }
    this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }

  async kill(): Promise<void> {
    await this.program.kill();
  }

  /** Fire each wait once; after one, sleep until new output or new input, then look again. */
  private async watchWaits(): Promise<void> {
    while (!this.exited) {
      // Reset before looking: output that arrives while the core decides makes us look again afterwards.
      this.dirty = false;
      const result = await this.program.waitForInput({ timeoutMs: 60 * 60_000 });
      if (result !== 'waiting' || this.exited) continue;
      await this.program.screenBuffer.parsed();
      const wait = this.describeWait();
      for (const listener of this.waitListeners) listener(wait);
      if (!this.dirty && !this.exited) await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = null;
    }
  }

  private poke(): void {
    this.dirty = true;
    this.wake?.();
  }

  private describeWait(): TerminalWait {
    const view = this.program.screen();
    const menu = readMenu(this.program);
    return {
      prompt: menu.prompt,
      options: menu.options,
      cursor: menu.cursor,
      screen: view.lines.slice(-view.rows).join('\n'),
      cursorLine: (view.lines[view.cursor.line] ?? '').trimEnd(),
    };
  }
}

export const spawnPtyTaskTerminal = (launch: TerminalLaunch): TaskTerminal => new PtyTaskTerminal(launch);
