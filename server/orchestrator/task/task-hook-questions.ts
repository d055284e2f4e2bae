// A permission request from an orchestrated agent's own hook, answered as the task's: the task's policy first
// (autoApprove with its handlers), else it becomes the task's interaction exactly like a screen prompt
// (WAITING_FOR_USER, the CLI's own choices as options) and the person's pick goes back as the hook's answer.
// No key is pressed and no screen is read for it: nothing can land on the wrong option.
import type { AgentHooks, HookDecision, PermissionAsk } from '../../agents/agent-hooks.js';
import type { PolicyAction } from '../policy/policy-types.js';
import type { InteractionView, TaskState } from './task-types.js';
import { recordExplain } from './task-explain.js';

/** The CLI's own choices. "Don't ask again" is kept by gatehouse for this task only: no rule is saved anywhere. */
export const HOOK_CHOICES: ReadonlyArray<{ text: string; decision: Exclude<HookDecision, 'ask'>; remember: boolean }> = [
  { text: 'Yes', decision: 'allow', remember: false },
  { text: "Yes, and don't ask again for this command in this task", decision: 'allow', remember: true },
  { text: 'No', decision: 'deny', remember: false },
];

/**
 * Claude Code draws its own permission dialog while its PermissionRequest hook starts: a screen question the
 * adapter reads as a permission dialog is held this long for the hook's request before it is shown as is.
 */
export const HOOK_GRACE_MS = 3000;

export const DENIED_MESSAGE = 'The person said No through gatehouse. Do not run it; ask them what to do instead.';

export interface HookAnswer {
  decision: HookDecision;
  message: string;
  /** Which signal decided it (for the task's explain record and the hook's caller). */
  decidedBy: string;
  /** Who decided, for the record of permission requests: the person's option, or the task's autoApprove. */
  by?: { kind: 'person'; option: 'yes' | 'session' | 'no' } | { kind: 'autoApprove'; label: string };
}

export interface PermissionOptions {
  /** The policy asks the person (an ask rule, a protected path, a policy error): autoApprove does not answer it. */
  personOnly?: string;
}

/** What the task runner lends the hook questions. */
export interface HookQuestionHost {
  readonly state: TaskState;
  /** The task's handlers over this interaction (null when autoApprove is off or none applies). */
  policy(interaction: InteractionView): PolicyAction | null;
  screen(): string;
  /** Change the task's state; `signal` is recorded as what decided a status change. */
  update(change: (task: TaskState) => void, signal: string): void;
  needsUser(): void;
  autoAnswered(action: PolicyAction): void;
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
}

export function hookQuestion(agent: AgentHooks, ask: PermissionAsk): string {
  return `${agent.name} wants to use ${ask.tool}: ${ask.detail}${ask.reason ? ` (reason given: ${ask.reason})` : ''}`;
}

const keyOf = (ask: PermissionAsk) => `${ask.tool}\u0000${ask.detail}`;

export class TaskHookQuestions {
  private pending: Request | null = null;
  private readonly queue: Request[] = [];
  /** Tool calls the person allowed with "don't ask again" (tool + command), for this task only. */
  private readonly remembered = new Set<string>();

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
  permission(agent: AgentHooks, ask: PermissionAsk, leave?: AbortSignal, options: PermissionOptions = {}): Promise<HookAnswer> {
    // The hook came: a held dialog is not shown now (only again if the hook leaves it to the CLI).
    clearTimeout(this.heldTimer);
    const key = keyOf(ask);
    return new Promise((resolve) => {
      let request = this.pending?.key === key ? this.pending : this.queue.find((q) => q.key === key);
      const joined = request !== undefined;
      request ??= { agent, ask, key, signal: `${agent.name} ${agent.permissionEvent} hook`, waiters: new Set(), done: false, personOnly: options.personOnly ?? null };
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
      if (this.pending === request) this.settle({ decision: 'ask', message: why, decidedBy: `${request.signal}: ${why}` });
      else this.queue.splice(this.queue.indexOf(request), 1);
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
    if (this.remembered.has(key)) {
      this.dropHeld();
      return answer({ decision: 'allow', message: '', decidedBy: `${signal}: allowed before for this task ("don't ask again")` });
    }
    // A finished task (a keepAlive one a person may have attached to) asks nobody: the CLI's own dialog does.
    const status = this.host.state.status;
    if (this.ended || status === 'DONE' || status === 'FAILED') {
      const why = `the task is ${this.ended ? 'over' : status}`;
      return answer({ decision: 'ask', message: why, decidedBy: `${signal}: ${why}` });
    }
    const interaction: InteractionView = {
      prompt: hookQuestion(agent, ask),
      options: HOOK_CHOICES.map((c, index) => ({ index, text: c.text })),
      cursor: 0,
      screen: this.host.screen(),
    };
    if (this.host.state.autoApprove && !request.personOnly) {
      const action = this.host.policy(interaction);
      const choice = action?.type === 'choose' ? HOOK_CHOICES[action.index] : null;
      // autoApprove approves: a handler may pick another of the CLI's choices (e.g. No for a matching command).
      const decision = choice?.decision ?? 'allow';
      const by = `${signal}, answered by policy ${action?.label ?? 'autoApprove'}`;
      this.dropHeld();
      this.host.update((t) => {
        t.autoAnswered += 1;
        recordExplain(t, by);
      }, by);
      this.host.autoAnswered(action ?? { type: 'choose', index: 0, label: 'autoApprove' });
      return answer({ decision, message: decision === 'deny' ? "The task's policy in gatehouse refused it." : '', decidedBy: by, by: { kind: 'autoApprove', label: action?.label ?? 'autoApprove' } });
    }
    this.pending = request;
    this.host.update((t) => {
      t.status = 'WAITING_FOR_USER';
      t.interaction = interaction;
    }, signal);
    this.host.needsUser();
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

  /** The person picked option `index` of a hook question; false when no hook question is pending. */
  choose(index: number): boolean {
    const pending = this.pending;
    if (!pending) return false;
    const choice = HOOK_CHOICES[index];
    if (!choice) throw new Error(`option ${index} is not one of the ${HOOK_CHOICES.length} choices`);
    if (choice.remember) this.remembered.add(pending.key);
    const option = choice.decision === 'deny' ? 'no' : choice.remember ? 'session' : 'yes';
    this.settle({ decision: choice.decision, message: choice.decision === 'deny' ? DENIED_MESSAGE : '', decidedBy: `a person's "${choice.text}" (${pending.signal})`, by: { kind: 'person', option } });
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
    if (this.pending) this.settle({ decision: 'ask', message: 'the task ended', decidedBy: `${this.pending.signal}: the task ended` });
    else this.next();
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
