import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { CHOICE_LIMITS, type SessionInterface, type SessionStatus } from '../../shared/choice/limits.js';
import type { CancelAnswer, SubmitAnswer } from '../../shared/choice/answer-schema.js';
import type { ChoiceDraft, ChoiceSessionView } from '../../shared/choice/session-types.js';
import type { ValidatedRequest } from '../../shared/choice/validate-request.js';
import type { GateSource } from '../../shared/choice/gate-source.js';
import type { PermissionDecidedBy } from '../../shared/choice/decided-by.js';
import type { PermissionView } from '../../shared/permission/view.js';
import type { Store } from '../store/store.js';
import { validateAnswer } from './answer-validation.js';
import { buildResult, type ResultInput } from './session-result.js';
import { recommendedAnswer } from './recommended-answer.js';
import { SessionEndedError, SessionNotFoundError } from './session-errors.js';
import type { StoredSession } from './stored-session.js';
import { DeadlineTimers } from './deadline-timers.js';
import { systemClock, type Clock } from './clock.js';

export interface SessionEvents {
  changed: [session: StoredSession];
  created: [session: StoredSession];
}

/**
 * Owns every choice session: creation, answers, cancel, timeout, deadline changes and waiting.
 * The hub is authoritative: a session's state changes only here, and only after it is on disk
 * is a change acknowledged or announced.
 */
export class ChoiceSessions extends EventEmitter<SessionEvents> {
  private readonly byId = new Map<string, StoredSession>();
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly timers: DeadlineTimers;

  /** `clock` is the wall clock in the hub; tests pass a hand-driven one so no assertion races real time. */
  constructor(
    private readonly store: Store,
    private readonly clock: Clock = systemClock,
  ) {
    super();
    this.timers = new DeadlineTimers((id) => void this.expire(id), clock);
  }

  /** Loads sessions from the store; pending ones get their original deadlines back (or expire now). */
  async restore(now = this.clock.now()): Promise<void> {
    // Gates recorded before sources existed have none: they read as null, never as a missing field.
    for (const session of this.store.takeLoadedSessions()) this.byId.set(session.id, { ...session, source: session.source ?? null });
    for (const session of this.byId.values()) {
      if (session.status !== 'pending') continue;
      if (Date.parse(session.deadline_at) <= now) await this.expire(session.id);
      else this.timers.arm(session.id, Date.parse(session.deadline_at));
    }
  }

  /** `permissionView`: a permission gate's view of what is being approved, kept with it (issue 22). */
  async create(validated: ValidatedRequest, iface: SessionInterface, now = this.clock.now(), source: GateSource | null = null, permissionView: PermissionView | null = null): Promise<StoredSession> {
    const session: StoredSession = {
      id: newSessionId(),
      request: validated.request,
      status: 'pending',
      interface: iface,
      source,
      ...(permissionView ? { permission_view: permissionView } : {}),
      created_at: new Date(now).toISOString(),
      deadline_at: new Date(now + validated.request.timeout_seconds * 1000).toISOString(),
      ended_at: null,
      notices: validated.notices,
      draft: null,
      result: null,
    };
    // Listed only once it is on disk: a refused write leaves nothing behind (not listed, counted or written later).
    await this.store.saveSession(session);
    this.byId.set(session.id, session);
    this.timers.arm(session.id, Date.parse(session.deadline_at));
    this.emit('created', session);
    this.emit('changed', session);
    return session;
  }

  get(id: string): StoredSession {
    const session = this.byId.get(id);
    if (!session) throw new SessionNotFoundError(id);
    return session;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  all(): StoredSession[] {
    return [...this.byId.values()];
  }

  pendingCount(): number {
    let n = 0;
    for (const s of this.byId.values()) if (s.status === 'pending') n++;
    return n;
  }

  async submit(id: string, answer: SubmitAnswer): Promise<StoredSession> {
    const session = this.pending(id);
    validateAnswer(session.request, answer);
    const via = answer.interface && answer.interface !== 'api' ? answer.interface : session.interface;
    return this.finish(session, 'submitted', {
      selectedIds: answer.selected_ids,
      answers: answer.answers,
      annotations: answer.annotations,
      globalAnnotation: answer.global_annotation,
      freeText: answer.free_text,
      answeredBy: 'human',
      answeredVia: via,
    });
  }

  async cancel(id: string, answer: CancelAnswer): Promise<StoredSession> {
    const session = this.pending(id);
    const via = answer.interface && answer.interface !== 'api' ? answer.interface : session.interface;
    return this.finish(session, 'cancelled', { globalAnnotation: answer.global_annotation, answeredBy: 'human', answeredVia: via });
  }

  /** Moves the deadline to `seconds` from now (clamped). Returns the session and a notice if clamped. */
  async setDeadline(id: string, seconds: number, now = this.clock.now()): Promise<{ session: StoredSession; notice: string | null }> {
    const session = this.pending(id);
    const clamped = Math.min(CHOICE_LIMITS.maxTimeoutSeconds, Math.max(CHOICE_LIMITS.minTimeoutSeconds, Math.round(seconds)));
    const previous = session.deadline_at;
    session.deadline_at = new Date(now + clamped * 1000).toISOString();
    await this.persist(session, () => (session.deadline_at = previous));
    this.timers.arm(id, Date.parse(session.deadline_at));
    this.emit('changed', session);
    return { session, notice: clamped !== seconds ? `timeout_seconds ${seconds} clamped to ${clamped}` : null };
  }

  async saveDraft(id: string, draft: ChoiceDraft): Promise<StoredSession> {
    const session = this.pending(id);
    const previous = session.draft;
    session.draft = draft;
    await this.persist(session, () => (session.draft = previous));
    this.emit('changed', session);
    return session;
  }

  /** Hands a pending session to another interface; the request, draft and session id stay. */
  async switchInterface(id: string, iface: SessionInterface): Promise<StoredSession> {
    const session = this.pending(id);
    const previous = session.interface;
    session.interface = iface;
    await this.persist(session, () => (session.interface = previous));
    this.emit('changed', session);
    return session;
  }

  /**
   * The `gatehouse mcp` process (its asker id) that started or polled a pending session: the one whose leaving
   * leaves the session without its agent. A poll from another (a client that came back) takes the session over and
   * says its agent is back — also once it has ended: the answer then reached an agent after all.
   */
  async askedBy(id: string, asker: string): Promise<void> {
    const session = this.byId.get(id);
    if (!session) return;
    if (session.status === 'pending') this.askers.set(id, asker);
    if (session.agent_gone_at) await this.setAgentGone(session, null);
  }

  /** The asker's process ended: its pending sessions say their agent is gone. Returns their ids. */
  async askerGone(asker: string, now = this.clock.now()): Promise<string[]> {
    const ids = [...this.askers].filter(([, a]) => a === asker).map(([id]) => id);
    for (const id of ids) {
      this.askers.delete(id);
      const session = this.byId.get(id);
      if (session?.status === 'pending' && !session.agent_gone_at) await this.setAgentGone(session, new Date(now).toISOString());
    }
    return ids;
  }

  private async setAgentGone(session: StoredSession, at: string | null): Promise<void> {
    const previous = session.agent_gone_at ?? null;
    session.agent_gone_at = at;
    await this.persist(session, () => (session.agent_gone_at = previous));
    this.emit('changed', session);
  }

  /** Records who decided a permission gate (kept with the session, shown by the API and history). */
  async setDecidedBy(id: string, decidedBy: PermissionDecidedBy): Promise<StoredSession> {
    const session = this.get(id);
    const previous = session.decided_by;
    session.decided_by = decidedBy;
    await this.persist(session, () => (session.decided_by = previous));
    this.emit('changed', session);
    return session;
  }

  /** Who last asked for each pending session (in memory: a hub restart forgets it until the next poll). */
  private readonly askers = new Map<string, string>();

  /** Resolves when the session ends or `ms` pass, whichever is first. */
  wait(id: string, ms: number): Promise<StoredSession> {
    const session = this.get(id);
    if (session.status !== 'pending' || ms <= 0) return Promise.resolve(session);
    return new Promise((resolve) => {
      const set = this.waiters.get(id) ?? new Set();
      this.waiters.set(id, set);
      const done = () => {
        this.clock.clear(timer);
        set.delete(done);
        if (set.size === 0) this.waiters.delete(id);
        resolve(this.get(id));
      };
      const timer = this.clock.schedule(done, ms);
      set.add(done);
    });
  }

  view(session: StoredSession, now = this.clock.now()): ChoiceSessionView {
    return { ...session, remaining_ms: session.status === 'pending' ? Math.max(0, Date.parse(session.deadline_at) - now) : 0 };
  }

  close(): void {
    this.timers.clear();
  }

  private pending(id: string): StoredSession {
    const session = this.get(id);
    if (session.status !== 'pending') throw new SessionEndedError(session);
    return session;
  }

  private async expire(id: string): Promise<void> {
    const session = this.byId.get(id);
    if (!session || session.status !== 'pending') return;
    if (session.request.timeout_action === 'submit_recommended') {
      const recommended = recommendedAnswer(session.request);
      await this.finish(session, 'auto-submitted', { ...recommended, answeredBy: 'default', answeredVia: session.interface });
    } else {
      await this.finish(session, 'timeout', { answeredBy: null, answeredVia: session.interface });
    }
  }

  /** The one place a session ends. The status flips synchronously, so exactly one of submit/cancel/timeout wins. */
  private async finish(
    session: StoredSession,
    status: Exclude<SessionStatus, 'pending'>,
    answer: { selectedIds?: string[]; answers?: ResultInput['answers']; annotations?: Record<string, string>; globalAnnotation?: string; freeText?: string; answeredBy: 'human' | 'default' | null; answeredVia: SessionInterface },
  ): Promise<StoredSession> {
    const before = { status: session.status, ended_at: session.ended_at, result: session.result, interface: session.interface };
    session.status = status;
    session.ended_at = new Date(this.clock.now()).toISOString();
    session.interface = answer.answeredVia;
    session.result = buildResult({ sessionId: session.id, request: session.request, status, ...answer });
    this.timers.disarm(session.id);
    await this.persist(session, () => {
      Object.assign(session, before);
      this.timers.arm(session.id, Date.parse(session.deadline_at));
    });
    this.askers.delete(session.id);
    for (const wake of [...(this.waiters.get(session.id) ?? [])]) wake();
    this.emit('changed', session);
    return session;
  }

  /** Writes the session; if the write fails the in-memory change is undone and the error propagates. */
  private async persist(session: StoredSession, undo: () => void): Promise<void> {
    let dropped: string[];
    try {
      dropped = await this.store.saveSession(session);
    } catch (err) {
      undo();
      throw err;
    }
    for (const id of dropped) if (id !== session.id) this.byId.delete(id);
  }
}

function newSessionId(): string {
  return `ch_${randomBytes(9).toString('base64url')}`;
}
