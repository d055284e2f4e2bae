import pty from 'node-pty';
import type { IPty } from 'node-pty';
import xterm from '@xterm/headless';
import type { Terminal } from '@xterm/headless';
import { cliLauncher } from '../../server/package-info.js';

export const KEY = {
  up: '\x1b[A',
  down: '\x1b[B',
  right: '\x1b[C',
  left: '\x1b[D',
  enter: '\r',
  tab: '\t',
  space: ' ',
  escape: '\x1b',
  backspace: '\x7f',
  ctrlC: '\x03',
} as const;

/** A `gatehouse <args>` process in a real pseudo-terminal, its output rendered by a headless xterm. */
export class TuiDriver {
  private readonly term: Terminal;
  private readonly proc: IPty;
  private raw = '';
  readonly exited: Promise<number>;

  /** `args` for gatehouse, or `shell` to run a command line (e.g. a copied terminal_command) with sh in `cwd`. */
  constructor(args: string[], env: NodeJS.ProcessEnv, size = { cols: 80, rows: 24 }, shell?: { command: string; cwd: string }) {
    this.term = new xterm.Terminal({ cols: size.cols, rows: size.rows, allowProposedApi: true });
    const [file, argv] = shell ? ['/bin/sh', ['-c', shell.command]] : [process.execPath, [cliLauncher, ...args]];
    this.proc = pty.spawn(file, argv, { name: 'xterm-256color', cols: size.cols, rows: size.rows, cwd: shell?.cwd ?? process.cwd(), env: { ...env, NO_COLOR: '1' } as Record<string, string> });
    this.proc.onData((d) => {
      this.raw += d;
      this.term.write(d);
    });
    this.exited = new Promise((resolve) => this.proc.onExit(({ exitCode }) => resolve(exitCode)));
  }

  /** The visible screen, one string per row (trailing spaces removed). */
  screen(): string[] {
    const buffer = this.term.buffer.active;
    const rows: string[] = [];
    for (let y = 0; y < this.term.rows; y++) rows.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
    return rows;
  }

  text(): string {
    return this.screen().join('\n');
  }

  /** Whether the alternate screen is active (the TUI owns the terminal). */
  get altScreen(): boolean {
    return this.term.buffer.active.type === 'alternate';
  }

  /** Waits until the rendered screen satisfies `check` (a substring, a RegExp or a predicate). */
  async waitFor(check: string | RegExp | ((text: string) => boolean), timeoutMs = 10_000): Promise<string> {
    const test = typeof check === 'string' ? (t: string) => t.includes(check) : check instanceof RegExp ? (t: string) => check.test(t) : check;
    const until = Date.now() + timeoutMs;
    for (;;) {
      await new Promise<void>((r) => this.term.write('', r));
      const text = this.text();
      if (test(text)) return text;
      if (Date.now() > until) throw new Error(`screen never matched ${String(check)}; screen was:\n${text}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** The line of the screen that contains `needle`. */
  line(needle: string): string {
    return this.screen().find((l) => l.includes(needle)) ?? '';
  }

  press(...keys: string[]): void {
    for (const key of keys) this.proc.write(key);
  }

  type(text: string): void {
    this.proc.write(text);
  }

  resize(cols: number, rows: number): void {
    this.proc.resize(cols, rows);
    this.term.resize(cols, rows);
  }

  async kill(): Promise<void> {
    try {
      this.proc.kill('SIGKILL');
    } catch {
      /* already gone */
    }
    await Promise.race([this.exited, new Promise((r) => setTimeout(r, 2000))]);
    this.term.dispose();
  }
}
