import { PtyProgram, screenUntil, type Key } from '../../server/pty/index.js';
import { cliLauncher } from '../../server/package-info.js';

/**
 * A `gatehouse <args>` process in a real pseudo-terminal, through the product's own PTY core (server/pty): a
 * PtyProgram, keys from the one key table, the screen read and waited on as the orchestrator reads it.
 */
export class TuiDriver {
  private readonly program: PtyProgram;
  readonly exited: Promise<number>;

  /** `args` for gatehouse, or `shell` to run a command line (e.g. a copied terminal_command) with sh in `cwd`. */
  constructor(args: string[], env: NodeJS.ProcessEnv, size = { cols: 80, rows: 24 }, shell?: { command: string; cwd: string }) {
    const [command, argv] = shell ? ['/bin/sh', ['-c', shell.command]] : [process.execPath, [cliLauncher, ...args]];
    this.program = PtyProgram.spawn({ command, args: argv, cwd: shell?.cwd ?? process.cwd(), env: { ...env, NO_COLOR: '1' }, ...size });
    this.exited = this.program.exited.then((e) => e.exitCode);
  }

  /**
   * The visible screen, one string per line as drawn (trailing spaces and blank lines at the end removed). A line
   * longer than the terminal is wide shows as one string: the terminal wrapped it.
   */
  screen(): string[] {
    return this.program.screen({ scrollback: 0 }).lines;
  }

  text(): string {
    return this.screen().join('\n');
  }

  /** Whether the alternate screen is active (the TUI owns the terminal). */
  get altScreen(): boolean {
    return this.program.screen({ scrollback: 0 }).alternate === true;
  }

  /** Waits until the rendered screen satisfies `check` (a substring, a RegExp or a predicate), checked on each output. */
  async waitFor(check: string | RegExp | ((text: string) => boolean), timeoutMs = 10_000): Promise<string> {
    const test = typeof check === 'string' ? (t: string) => t.includes(check) : check instanceof RegExp ? (t: string) => check.test(t) : check;
    const outcome = await screenUntil(this.program, () => test(this.text()), Date.now() + timeoutMs);
    if (outcome !== 'met') throw new Error(`screen never matched ${String(check)} (${outcome === 'exited' ? 'the program exited' : 'timed out'}); screen was:\n${this.text()}`);
    return this.text();
  }

  /** The line of the screen that contains `needle`. */
  line(needle: string): string {
    return this.screen().find((l) => l.includes(needle)) ?? '';
  }

  /** Keys from the one key table (server/pty/keys.ts), or `{ text }`; each its own write. */
  press(...keys: Key[]): void {
    for (const key of keys) this.program.press(key);
  }

  type(text: string): void {
    this.program.pressKeys([{ text }]);
  }

  resize(cols: number, rows: number): void {
    this.program.resize(cols, rows);
  }

  async kill(): Promise<void> {
    await this.program.kill();
    this.program.dispose();
  }
}
