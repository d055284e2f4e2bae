import { esc } from './ansi.js';
import { parseKeys, type Key } from './keys.js';

export interface TerminalStreams {
  input: NodeJS.ReadStream;
  output: NodeJS.WriteStream;
}

/**
 * Owns the terminal while a screen is shown: raw mode, the alternate screen, a hidden cursor. `stop()` puts
 * everything back and is safe to call more than once; it also runs on process exit and on SIGTERM/SIGHUP,
 * so the terminal is restored however the program ends.
 */
export class TerminalIo {
  private started = false;
  private keyListener: ((key: Key) => void) | null = null;
  private resizeListener: (() => void) | null = null;
  private lastFrame = '';
  private readonly onData = (data: Buffer | string) => {
    for (const key of parseKeys(String(data))) this.keyListener?.(key);
  };
  private readonly onResize = () => {
    this.lastFrame = '';
    this.resizeListener?.();
  };
  private readonly onExit = () => this.stop();
  private readonly onSignal = (signal: NodeJS.Signals) => {
    this.stop();
    process.exit(signal === 'SIGTERM' ? 143 : 129);
  };

  constructor(private readonly streams: TerminalStreams) {}

  get width(): number {
    return Math.max(20, this.streams.output.columns || 80);
  }

  get height(): number {
    return Math.max(8, this.streams.output.rows || 24);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    const { input, output } = this.streams;
    if (input.isTTY) input.setRawMode(true);
    input.setEncoding('utf8');
    input.on('data', this.onData);
    input.resume();
    output.on('resize', this.onResize);
    process.on('exit', this.onExit);
    process.on('SIGTERM', this.onSignal);
    process.on('SIGHUP', this.onSignal);
    output.write(esc.altScreenOn + esc.cursorHide + esc.home + esc.clearBelow);
  }

  stop(): void {
    if (!this.started) return;
    this.started = false;
    const { input, output } = this.streams;
    input.off('data', this.onData);
    output.off('resize', this.onResize);
    process.off('exit', this.onExit);
    process.off('SIGTERM', this.onSignal);
    process.off('SIGHUP', this.onSignal);
    if (input.isTTY) input.setRawMode(false);
    input.pause();
    output.write(esc.reset + esc.cursorShow + esc.altScreenOff);
    this.lastFrame = '';
  }

  onKey(listener: ((key: Key) => void) | null): void {
    this.keyListener = listener;
  }

  onResizeEvent(listener: (() => void) | null): void {
    this.resizeListener = listener;
  }

  /** Draws a whole frame (one string per row), skipping the write when nothing changed. */
  draw(lines: string[]): void {
    if (!this.started) return;
    const frame = esc.home + lines.map((l) => l + esc.reset + esc.clearLineRight).join('\r\n') + esc.clearBelow;
    if (frame === this.lastFrame) return;
    this.lastFrame = frame;
    this.streams.output.write(frame);
  }
}
