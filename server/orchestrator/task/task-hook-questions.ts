// A permission request from an orchestrated agent's own hook, answered as the task's: the task's autoApprove
// answers what no rule of the permission policy decided (hook-routing.ts asks the policy first), else the person
// is asked through the hub's one permission gate (`PersonQuestion`: the portal list, Telegram, history, grants).
// While the gate waits, the task is WAITING_FOR_USER with the gate's options as its question, so a person on the
// task's page answers the same gate. No key is pressed and no screen is read for it: nothing can land on the wrong
// option.
import type { AgentHooks, HookDecision, PermissionAsk } from '../../agents/agent-hooks.js';
import type { PermissionDecidedBy } from '../../../shared/choice/decided-by.js';
import type { AnswerAction } from '../auto-answers/answer-types.js';
import type { InteractionView, TaskState } from './task-types.js';
import { recordExplain } from './task-explain.js';

/** The CLI's own choices, as a task's autoApprove handler sees them (a handler may pick "No"). */
export const HOOK_CHOICES: ReadonlyArray<{ text: string; decision: Exclude<HookDecision, 'ask'> }> = [
  { text: 'Yes', decision: 'allow' },
  { text: 'No', decision: 'deny' },
];

/**
 * Claude Code draws its own permission dialog while its PermissionRequest hook starts: a screen question the
 * adapter reads as a permission dialog is held this long for the hook's request before it is shown as is.
 */
export const HOOK_GRACE_MS = 3000;

/** The person's permission gate for one tool call (hook-routing.ts makes it over the hub's permission path). */
export interface PersonQuestion {
  /** Puts the request to the person; `shown` once the gate exists. Resolves with the decision. */
  ask(shown: (gate: { id: string; options: Array<{ id: string; label: string }> }) => void, withdraw: AbortSignal): Promise<HookAnswer>;
  /** A person answered from the task's own page: the gate is submitted with that option. */
  answer(gate: string, option: string): Promise<void>;
}

export interface HookAnswer {
  decision: HookDecision;
  message: string;
  /** Which signal decided it (for the task's explain record and the hook's caller). */
  decidedBy: string;
  /** Who decided, for the record of permission requests: the permission gate's record, or the task's autoApprove. */
  by?: { kind: 'gate'; gate: string | null; decidedBy: PermissionDecidedBy } | { kind: 'autoApprove'; label: string };
}

export interface PermissionOptions {
  /** The policy asks the person (an ask rule, a protected path, a policy error): autoApprove does not answer it. */
  personOnly?: string;
  /** The hook event that asks (default: the agent's permission event; the hook before every call, PreToolUse). */
  event?: string;
}

/** What the task runner lends the hook questions. */
export interface HookQuestionHost {
  readonly state: TaskState;
  /** The task's handlers over this interaction (null when autoApprove is off or none applies). */
  autoAnswer(interaction: InteractionView): AnswerAction | null;
  screen(): string;
  /** Change the task's state; `signal` is recorded as what decided a status change. */
  update(change: (task: TaskState) => void, signal: string): void;
  needsUser(): void;
  autoAnswered(action: AnswerAction): void;
}

/** One hook process waiting for the answer (two gatehouse hooks may wait on one tool call). */
interface Waiter {
  resolve(answer: HookAnswer): void;
}

/** One tool call's question: asked once, answered to every hook still waiting on it. */
interface Request {
  agent: AgentHooks;
  ask: PermissionAsk;
  key: string;
  signal: string;
  waiters: Set<Waiter>;
  done: boolean;
  /** Why the policy wants the person (autoApprove does not answer it); null: autoApprove may. */
  personOnly: string | null;
  person: PersonQuestion;
  /** The person's gate, once made. */
  gate: { id: string; options: Array<{ id: string; label: string }> } | null;
  /** Aborted when no hook waits for this call any more. */
  withdraw: AbortController;
}

export function hookQuestion(agent: AgentHooks, ask: PermissionAsk): string {
  return `${agent.name} wants to use ${ask.tool}: ${ask.detail}${ask.reason ? ` (reason given: ${ask.reason})` : ''}`;
}

const keyOf = (ask: PermissionAsk) => `${ask.tool}\u0000${ask.detail}`;

export class TaskHookQuestions {
  private pending: Request | null = null;
  private readonly queue: Request[] = [];

  constructor(private readonly host: HookQuestionHost) {}

  /** A permission request the policy decided (allow or deny, no question): one explain line on the task. */
  decidedByPolicy(signal: string): void {
    clearTimeout(this.heldTimer);
    this.dropHeld();
    this.host.update((t) => recordExplain(t, signal), signal);
  }

  /** A hook question is the task's interaction: the screen's own dialog (drawn meanwhile) is not read. */
  get asking(): boolean {
    return this.pending !== null;
  }

  /**
   * Resolves with the decision for the hook. A second request for the same call (a hand-installed hook too)
   * joins the first: one question, whose answer reaches every hook waiting on it. A request for another call
   * waits its turn (one question on the task at a time). `leave` aborts when this hook stops waiting (its own
   * wait is over, or it went away): it alone is answered "ask"; the question is withdrawn only when no other
   * hook still waits for it.
   */
  permission(agent: AgentHooks, ask: PermissionAsk, person: PersonQuestion, leave?: AbortSignal, options: PermissionOptions = {}): Promise<HookAnswer> {
    // The hook came: a held dialog is not shown now (only again if the hook leaves it to the CLI).
    clearTimeout(this.heldTimer);
    const key = keyOf(ask);
    return new Promise((resolve) => {
      let request = this.pending?.key === key ? this.pending : this.queue.find((q) => q.key === key);
      const joined = request !== undefined;
      request ??= { agent, ask, key, signal: `${agent.name} ${options.event ?? agent.permissionEvent} hook`, waiters: new Set(), done: false, personOnly: options.personOnly ?? null, person, gate: null, withdraw: new AbortController() };
      const waiter: Waiter = { resolve };
      request.waiters.add(waiter);
      if (leave) this.onLeave(request, waiter, leave);
      if (joined) return;
      if (this.pending) this.queue.push(request);
      else this.askOne(request);
    });
  }

  private onLeave(request: Request, waiter: Waiter, leave: AbortSignal): void {
    const left = () => {
      if (request.done || !request.waiters.delete(waiter)) return;
      const why = leave.reason instanceof Error ? leave.reason.message : String(leave.reason ?? 'the hook stopped waiting');
      waiter.resolve({ decision: 'ask', message: why, decidedBy: `${request.signal}: ${why}` });
      // Another hook still waits on this call: the person's question stays, for it.
      if (request.waiters.size > 0) return;
      if (this.pending === request) {
        request.withdraw.abort(new Error(why));
        this.settle({ decision: 'ask', message: why, decidedBy: `${request.signal}: ${why}` });
      } else this.queue.splice(this.queue.indexOf(request), 1);
    };
    if (leave.aborted) return left();
    leave.addEventListener('abort', left, { once: true });
  }

  private askOne(request: Request): void {
    const { agent, ask, key, signal } = request;
    const answer = (a: HookAnswer) => {
      this.resolveAll(request, a);
      this.next();
    };
    // A finished task (a keepAlive one a person may have attached to) asks nobody: the CLI's own dialog does.
    const status = this.host.state.status;
    if (this.ended || status === 'DONE' || status === 'FAILED') {
      const why = `the task is ${this.ended ? 'over' : status}`;
      return answer({ decision: 'ask', message: why, decidedBy: `${signal}: ${why}` });
    }
    const prompt = hookQuestion(agent, ask);
    if (this.host.state.autoApprove && !request.personOnly) {
      const interaction: InteractionView = { prompt, options: HOOK_CHOICES.map((c, index) => ({ index, text: c.text })), cursor: 0, screen: this.host.screen() };
      const action = this.host.autoAnswer(interaction);
      const choice = action?.type === 'choose' ? HOOK_CHOICES[action.index] : null;
      // autoApprove approves: a handler may pick another of the CLI's choices (e.g. No for a matching command).
      const decision = choice?.decision ?? 'allow';
      const by = `${signal}, answered by answer handler ${action?.label ?? 'autoApprove'}`;
      this.dropHeld();
      this.host.update((t) => {
        t.autoAnswered += 1;
        recordExplain(t, by);
      }, by);
      this.host.autoAnswered(action ?? { type: 'choose', index: 0, label: 'autoApprove' });
      return answer({ decision, message: decision === 'deny' ? "The task's answer handler in gatehouse refused it." : '', decidedBy: by, by: { kind: 'autoApprove', label: action?.label ?? 'autoApprove' } });
    }
    this.pending = request;
    const shown = (gate: { id: string; options: Array<{ id: string; label: string }> }) => {
      if (this.pending !== request) return;
      request.gate = gate;
      this.host.update((t) => {
        t.status = 'WAITING_FOR_USER';
        t.interaction = { prompt, options: gate.options.map((o, index) => ({ index, text: o.label })), cursor: 0, screen: this.host.screen(), gate: gate.id };
      }, signal);
      this.host.needsUser();
    };
    request.person.ask(shown, request.withdraw.signal).then(
      (a) => this.pending === request && this.settle({ ...a, decidedBy: a.decidedBy || signal }),
      (err: unknown) => {
        const why = `the permission gate failed: ${(err as Error).message}`;
        if (this.pending === request) this.settle({ decision: 'ask', message: why, decidedBy: `${signal}: ${why}` });
      },
    );
  }

  private resolveAll(request: Request, answer: HookAnswer): void {
    request.done = true;
    for (const waiter of request.waiters) waiter.resolve(answer);
    request.waiters.clear();
  }

  private next(): void {
    const request = this.queue.shift();
    if (request) this.askOne(request);
  }

  /**
   * A person picked option `index` of the hook question on the task's page: the gate is answered with it (its
   * answer settles the question). False when no hook question is pending.
   */
  async choose(index: number): Promise<boolean> {
    const pending = this.pending;
    if (!pending) return false;
    if (!pending.gate) throw new Error('the permission gate is not ready yet; try again in a moment');
    const option = pending.gate.options[index];
    if (!option) throw new Error(`option ${index} is not one of the ${pending.gate.options.length} choices`);
    await pending.person.answer(pending.gate.id, option.id);
    return true;
  }

  /** A permission dialog on screen, probably drawn while the hook starts: shown only if the hook does not come. */
  holdScreenQuestion(show: () => void): void {
    this.dropHeld();
    this.held = show;
    this.heldTimer = setTimeout(() => this.showHeld(), HOOK_GRACE_MS);
    this.heldTimer.unref();
  }

  private held: (() => void) | null = null;
  private heldTimer: NodeJS.Timeout | undefined;

  private dropHeld(): void {
    clearTimeout(this.heldTimer);
    this.held = null;
  }

  private showHeld(): void {
    const show = this.held;
    this.dropHeld();
    show?.();
  }

  /** The task's process is gone: whatever is pending or queued is left to nobody. */
  end(): void {
    this.ended = true;
    this.dropHeld();
    if (this.pending) {
      this.pending.withdraw.abort(new Error('the task ended'));
      this.settle({ decision: 'ask', message: 'the task ended', decidedBy: `${this.pending.signal}: the task ended` });
    } else this.next();
  }

  private ended = false;

  private settle(answer: HookAnswer): void {
    const pending = this.pending!;
    this.pending = null;
    this.host.update((t) => {
      if (t.status === 'WAITING_FOR_USER' || t.status === 'AWAITING_INTERACTION') t.status = 'RUNNING';
      t.interaction = null;
    }, answer.decidedBy);
    this.resolveAll(pending, answer);
    // The hook left it to the CLI: its own dialog (still on screen) is the task's question again.
    if (answer.decision === 'ask') this.showHeld();
    else this.dropHeld();
    this.next();
  }
}
