// Which signal says an agent's turn is over once gatehouse sent it a prompt — the CLI's own channels first:
// - its turn-end hook (Claude Code / Codex `Stop`; Claude Code's `Notification` idle_prompt) decides when wired;
// - its machine-readable state in the terminal output (Codex: OSC 7501 state=working|idle|blocked): while it says
//   working, a screen read as idle (the empty prompt flashing as a turn starts) is not acted on; without a turn-end
//   hook its idle ends the turn once it held CHANNEL_IDLE_SETTLE_MS (Codex says working → idle → working while a
//   first turn waits for its start-up, so one idle alone is no turn end);
// - the screen decides only when those stay silent: read as idle, quiet, with no turn-end signal within
//   TURN_END_GRACE_MS — so a lost Stop hook cannot leave a task RUNNING forever — and the explain line says so.
import { describeAgentState, type AgentState } from '../terminal/agent-state-osc.js';

export const TURN_END_GRACE_MS = 5000;
export const CHANNEL_IDLE_SETTLE_MS = 1000;

export interface TurnSignalHost {
  /** The turn is over: the next pending input, or DONE. `signal` is what decided (the explain line). */
  ended(signal: string): void;
  /** An explain line that changes no status. */
  note(line: string): void;
}

export class TurnSignals {
  /** A prompt gatehouse sent is being worked on: its end comes from the CLI's channels, not from a screen. */
  private awaiting = false;
  /**
   * A turn was ended by the screen or the state channel: the next turn-end hook is taken as that turn's, come late —
   * even once the next prompt was typed (ending that one early would type into a working agent); when the hook was
   * really lost, the next turn's end is the screen's, after the grace.
   */
  private endedWithoutHook = false;
  /** The CLI's last state in its output (null until it reported one: then it has no such channel). */
  private channelState: string | null = null;
  /** The channel said working since the prompt was sent (an idle before that is the previous turn's). */
  private workingSeen = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly host: TurnSignalHost,
    /** The CLI raises a turn-end hook for this run. */
    private readonly turnEndHook: boolean,
    private readonly cliName: string,
  ) {}

  /** gatehouse typed a prompt: a turn begins, and its end is awaited from the CLI when it has a way to say it. */
  promptSent(): void {
    this.awaiting = this.turnEndHook || this.channelState !== null;
    this.workingSeen = false;
    this.cancelTimer();
  }

  /** The CLI's state from its output, in order with what it drew. */
  channelSaid(state: AgentState): void {
    const source = `${this.cliName} OSC 7501 ${describeAgentState(state)}`;
    if (this.channelState === null) this.host.note(`${source}: the CLI reports its own state`);
    else if (state.state !== this.channelState) this.host.note(source);
    this.channelState = state.state;
    if (state.state !== 'idle') {
      if (state.state === 'working' || state.state === 'blocked') this.workingSeen = true;
      this.cancelTimer();
      return;
    }
    if (this.awaiting && this.workingSeen && !this.turnEndHook) {
      this.startTimer(CHANNEL_IDLE_SETTLE_MS, `${source}, still idle after ${CHANNEL_IDLE_SETTLE_MS / 1000} s`);
    }
  }

  /** The CLI's turn-end hook (Stop, a Notification saying it waits). True when it ends the turn now. */
  hookSaid(signal: string): boolean {
    if (this.endedWithoutHook) {
      this.endedWithoutHook = false;
      this.host.note(`${signal} (late: the turn was over already)`);
      return false;
    }
    this.awaiting = false;
    this.cancelTimer();
    return true;
  }

  /**
   * The screen reads idle. True when the screen may act on it now (no turn is awaited from the CLI). Else, unless
   * the CLI's channel says it is working, the screen decides after the grace when nothing else did meanwhile.
   */
  screenIdle(): boolean {
    if (!this.awaiting) return true;
    if (this.channelState === 'working' || this.channelState === 'blocked' || this.timer) return false;
    const awaited = this.turnEndHook ? 'turn-end hook' : 'OSC 7501 idle';
    this.startTimer(TURN_END_GRACE_MS, `screen read as idle; no ${this.cliName} ${awaited} within ${TURN_END_GRACE_MS / 1000} s, so the screen decides`);
    return false;
  }

  /**
   * The screen changed (new output): an idle read earlier no longer stands — unless the CLI's own channel says idle
   * with no hook to wait for: then its idle holds until it says otherwise (it redraws its answer after saying idle).
   */
  screenMoved(): void {
    if (this.channelState !== 'idle' || this.turnEndHook) this.cancelTimer();
  }

  dispose(): void {
    this.awaiting = false;
    this.cancelTimer();
  }

  private startTimer(ms: number, signal: string): void {
    this.cancelTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.awaiting = false;
      this.endedWithoutHook = true;
      this.host.ended(signal);
    }, ms);
    this.timer.unref?.();
  }

  private cancelTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
