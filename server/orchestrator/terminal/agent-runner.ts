import { EventEmitter } from 'node:events';
import { resolve } from 'node:path';
import type { IAgentAdapter } from '../adapters/adapter.js';
import { spawnPtyTaskTerminal } from './pty-task-terminal.js';
import type { TaskTerminal, TerminalFactory, TerminalWait } from './task-terminal.js';

export interface AgentRunnerOptions {
  /** For the generic adapter: the program; otherwise extra arguments after the adapter's. */
  command?: string;
  args?: string[];
  autoApprove?: boolean;
  cwd?: string;
  env?: Record<string, string>;
  cols?: number;
  rows?: number;
  spawnTerminal?: TerminalFactory;
}

export interface AgentRunnerEvents {
  /** Raw PTY output (never written to stdout by the runner). */
  output: [data: string];
  /** The program waits for input (as the PTY core detects it). */
  wait: [wait: TerminalWait];
  exit: [exit: { code: number | null; signal: number | null }];
}

/**
 * Spec: AgentRunner — one adapter's program in a persistent pseudo-terminal until stopped. Text sent is
 * written to its input; its output is captured and emitted as events. The orchestrator's tasks use the
 * same terminal layer (the PTY mediation core) through TaskRunner.
 */
export class AgentRunner extends EventEmitter<AgentRunnerEvents> {
  private terminal: TaskTerminal | null = null;

  constructor(
    readonly adapter: IAgentAdapter,
    private readonly options: AgentRunnerOptions = {},
  ) {
    super();
  }

  /** Launch the adapter's command (injectArgs appended when autoApprove). */
  start(): void {
    if (this.terminal) throw new Error('AgentRunner already started');
    const launch = this.adapter.getLaunchConfig({ command: this.options.command, args: this.options.args, autoApprove: this.options.autoApprove ?? false });
    const terminal = (this.options.spawnTerminal ?? spawnPtyTaskTerminal)({
      command: launch.command,
      args: launch.args,
      cwd: resolve(this.options.cwd ?? process.cwd()),
      env: { ...launch.env, ...(this.options.env ?? {}) },
      cols: this.options.cols ?? 120,
      rows: this.options.rows ?? 32,
    });
    this.terminal = terminal;
    terminal.onData((data) => this.emit('output', data));
    terminal.onWait((wait) => this.emit('wait', wait));
    terminal.onExit((exit) => this.emit('exit', exit));
  }

  get pid(): number | null {
    return this.terminal?.pid ?? null;
  }

  get running(): boolean {
    return this.terminal !== null && !this.terminal.exited;
  }

  /** Type text (then Enter unless submit is false); resolves once it was sent. */
  send(text: string, submit = true): Promise<void> {
    return this.live().typeText(text, submit);
  }

  /** Raw bytes to the program. */
  write(data: string): void {
    this.live().write(data);
  }

  /** The rendered screen as plain text (no ANSI codes). */
  screen(): string {
    return this.terminal?.screenText() ?? '';
  }

  /** End the program's whole process group. */
  async stop(): Promise<void> {
    if (this.terminal && !this.terminal.exited) await this.terminal.kill();
  }

  private live(): TaskTerminal {
    if (!this.terminal || this.terminal.exited) throw new Error('the agent is not running');
    return this.terminal;
  }
}
