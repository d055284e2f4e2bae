// Runs a real agent CLI in a real PTY through the product's PtyProgram (node-pty, its @xterm/headless screen), and
// saves the output stream so far (UTF-8, as the program wrote it) at chosen moments as
// test/fixtures/agent-screens/<cli>/<name>.ansi plus <name>.json, so the screen reader can be tested on what the
// real programs draw. A recording tool, not a test: its waits are "until this text is on screen" with generous
// limits.
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PtyProgram } from '../../server/pty/index.js';
import type { AgentLaunch } from './model-standins/agent-setups.js';
import { meaningProblem, type ScreenMeaning } from './screen-meaning.js';

export type { ScreenMeaning };

export const screensDir = resolve(dirname(fileURLToPath(import.meta.url)), '../fixtures/agent-screens');

export class ScreenRecorder {
  private readonly program: PtyProgram;
  private lastDataAt = Date.now();
  private readonly listeners = new Set<() => void>();
  exited: { exitCode: number } | null = null;

  constructor(
    readonly launch: AgentLaunch,
    readonly version: string,
    readonly cols = 100,
    readonly rows = 32,
  ) {
    // The terminal's replies to queries (cursor position, device attributes) that some CLIs wait for go back to it.
    this.program = PtyProgram.spawn({ command: launch.command, args: launch.args, cwd: launch.cwd, env: { ...launch.env, TERM: 'xterm-256color' }, cols, rows });
    this.program.onData(() => (this.lastDataAt = Date.now()));
    this.program.screenBuffer.onParsed(() => this.listeners.forEach((l) => l()));
    void this.program.exited.then(({ exitCode }) => {
      this.exited = { exitCode };
      this.listeners.forEach((l) => l());
    });
  }

  private get parsed(): Promise<void> {
    return this.program.screenBuffer.parsed();
  }

  /** The visible screen, one string per row, right-trimmed. */
  screen(): string[] {
    const buf = this.program.screenBuffer.term.buffer.active;
    const out: string[] = [];
    for (let y = 0; y < this.rows; y++) out.push(buf.getLine(buf.viewportY + y)?.translateToString(true) ?? '');
    return out;
  }

  /** Waits until the visible screen contains `text` (a string or a pattern). */
  async waitFor(text: string | RegExp, timeoutMs = 60_000): Promise<void> {
    const has = () => {
      const s = this.screen().join('\n');
      return typeof text === 'string' ? s.includes(text) : text.test(s);
    };
    await new Promise<void>((resolveWait, reject) => {
      const check = () => {
        if (has()) done(resolveWait);
        else if (this.exited) done(() => reject(new Error(`${this.launch.cli} exited (${this.exited!.exitCode}) before "${text}" showed:\n${this.screen().join('\n')}`)));
      };
      const timer = setTimeout(() => done(() => reject(new Error(`${this.launch.cli}: "${text}" never showed:\n${this.screen().join('\n')}`))), timeoutMs);
      const done = (f: () => void) => {
        clearTimeout(timer);
        this.listeners.delete(check);
        f();
      };
      this.listeners.add(check);
      check();
    });
  }

  /** Waits until the program has written nothing for `quietMs` (animations aside, the screen is drawn). */
  async settle(quietMs = 600): Promise<void> {
    for (;;) {
      await this.parsed;
      const wait = this.lastDataAt + quietMs - Date.now();
      if (wait <= 0) return;
      await new Promise((r) => setTimeout(r, wait));
    }
  }

  write(data: string): void {
    this.program.write(data);
  }

  /** Down arrow, encoded the way the program asked for (DECCKM application cursor keys or normal). */
  async down(): Promise<void> {
    await this.parsed;
    const before = this.screen().join('\n');
    this.program.press('down');
    await this.waitUntil(() => this.screen().join('\n') !== before, 'the screen to change after Down');
  }

  private async waitUntil(ok: () => boolean, what: string, timeoutMs = 30_000): Promise<void> {
    await new Promise<void>((resolveWait, reject) => {
      const check = () => ok() && done(resolveWait);
      const timer = setTimeout(() => done(() => reject(new Error(`${this.launch.cli}: waited in vain for ${what}:\n${this.screen().join('\n')}`))), timeoutMs);
      const done = (f: () => void) => {
        clearTimeout(timer);
        this.listeners.delete(check);
        f();
      };
      this.listeners.add(check);
      check();
    });
  }

  /**
   * Text, then Enter as a separate write once the text is drawn and 150 ms have passed: Ink CLIs treat text +
   * Enter in one write as a paste, and Codex's paste-burst detection swallows an Enter that follows fast.
   */
  async submit(text: string): Promise<void> {
    this.program.write(text);
    await this.waitFor(text);
    await new Promise((r) => setTimeout(r, 150));
    // On a busy machine an Ink CLI may still drop that Enter (seen with Gemini CLI at load 15: the prompt stayed in
    // its input box and nothing was sent). Taken, it changes the screen (the input box empties); so once the program
    // has gone quiet with the screen as it was, the Enter was not taken and is pressed again.
    for (let tries = 0; tries < 3; tries++) {
      await this.parsed;
      const before = this.screen().join('\n');
      const sentAt = Date.now();
      this.program.write('\r');
      for (;;) {
        await new Promise((r) => setTimeout(r, 50));
        await this.parsed;
        if (this.screen().join('\n') !== before) return;
        if (Math.max(this.lastDataAt, sentAt) + 1000 <= Date.now()) break; // quiet, unchanged: not taken
      }
    }
  }

  /**
   * Saves the raw stream so far as <name>.ansi and what a person sees as <name>.json, after checking that
   * the question and every option are on the rendered screen in the stated order.
   */
  async record(name: string, meaning: ScreenMeaning): Promise<void> {
    await this.parsed;
    const screen = this.screen();
    const text = screen.join('\n');
    const problem = meaningProblem(screen, meaning);
    if (problem) throw new Error(`${this.launch.cli}/${name}: ${problem}\n${screen.join('\n')}`);
    const dir = join(screensDir, this.launch.cli);
    mkdirSync(dir, { recursive: true });
    const redact = runNameRedactor(this.launch.home);
    writeFileSync(join(dir, `${name}.ansi`), redact(this.program.transcript), 'utf8');
    const meta = { cli: this.launch.cli, version: this.version, cols: this.cols, rows: this.rows, ...meaning, screen: screen.map((l) => redact(l.replace(/\s+$/, ''))) };
    writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(meta, null, 2)}\n`);
  }

  /** Ends the CLI (and whatever it started in its process group). */
  kill(): void {
    if (this.exited) return;
    for (const target of [-this.program.pid, this.program.pid]) {
      try {
        process.kill(target, 'SIGKILL');
        return;
      } catch {
        // the group (then the program) is gone already
      }
    }
  }
}

/**
 * The CLIs draw their project path (and Codex its home) on screen: the run's temp folder, whose random mkdtemp
 * suffix would differ in every recording. It is saved as the template's XXXXXX — the same length, so nothing on the
 * screen moves — wherever it appears, a path wrapped across rows included. No test reads these as paths.
 */
function runNameRedactor(home: string): (text: string) => string {
  const suffix = basename(dirname(home)).slice(-6);
  return (text) => text.split(suffix).join('XXXXXX');
}
