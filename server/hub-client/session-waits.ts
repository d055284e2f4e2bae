import { CHOICE_LIMITS } from '../../shared/choice/limits.js';
import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import type { WaitManyAnswer } from '../hub/routes/session-waits-route.js';
import type { HubClient } from './hub-client.js';
import { HubRequestError } from './hub-request-error.js';
import { hubRetryDelay, ridesOut } from './hub-retry.js';

type Waiter = { resolve: (session: ChoiceSessionView) => void; reject: (err: unknown) => void };

/**
 * Every blocked poll of one process, waited on with one request to the hub (POST /api/sessions/wait) instead of
 * one connection, request and parser per poll: what a poll keeps is its id, its promise and its own deadline.
 * A poll for an id not yet waited on restarts the shared request (once per turn of the event loop, however many
 * polls arrive in it); the hub answers it at once when a session has already ended, so no end is missed.
 * Waits on a paired machine's hub (`link.remote`) ride out its restarts and dropped tunnels: a wait the hub did not
 * answer is sent again with back-off until each poll's own deadline, and picks its gates up again — an answer given
 * meanwhile is waiting for it.
 */
export class SessionWaits {
  private readonly waiting = new Map<string, Set<Waiter>>();
  private inFlight: { ids: Set<string>; abort: AbortController } | null = null;
  private restartQueued = false;
  private failures = 0;

  constructor(private readonly hub: Pick<HubClient, 'request'> & { link?: HubClient['link'] }) {}

  /** The session once it has ended, or as it is after `ms` (pending). An unknown id rejects with the hub's 404. */
  wait(id: string, ms: number, signal?: AbortSignal): Promise<ChoiceSessionView> {
    if (ms <= 0) return this.current(id);
    if (signal?.aborted) return Promise.reject(signal.reason);
    return new Promise<ChoiceSessionView>((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const set = this.waiting.get(id);
        set?.delete(waiter);
        if (set?.size === 0) this.waiting.delete(id);
        if (this.waiting.size === 0) this.stop();
      };
      const waiter: Waiter = {
        resolve: (session) => (leave(), resolve(session)),
        reject: (err) => (leave(), reject(err)),
      };
      const onAbort = () => waiter.reject(signal!.reason);
      const timer = setTimeout(() => void this.current(id).then(waiter.resolve, waiter.reject), ms);
      signal?.addEventListener('abort', onAbort, { once: true });
      const set = this.waiting.get(id) ?? new Set();
      this.waiting.set(id, set);
      set.add(waiter);
      if (!this.inFlight?.ids.has(id)) this.queueRestart();
    });
  }

  private async current(id: string): Promise<ChoiceSessionView> {
    return (await this.hub.request<{ session: ChoiceSessionView }>('GET', `/api/sessions/${encodeURIComponent(id)}`)).session;
  }

  private queueRestart(): void {
    if (this.restartQueued) return;
    this.restartQueued = true;
    setImmediate(() => {
      this.restartQueued = false;
      this.stop();
      if (this.waiting.size) void this.run();
    });
  }

  private stop(): void {
    this.inFlight?.abort.abort();
    this.inFlight = null;
  }

  private async run(): Promise<void> {
    const flight = { ids: new Set(this.waiting.keys()), abort: new AbortController() };
    this.inFlight = flight;
    let answer: WaitManyAnswer;
    try {
      answer = await this.hub.request<WaitManyAnswer>('POST', '/api/sessions/wait', { ids: [...flight.ids], seconds: CHOICE_LIMITS.maxWaitSeconds }, { signal: flight.abort.signal });
    } catch (err) {
      if (this.inFlight !== flight) return; // replaced by a wider wait, or no longer needed
      if (ridesOut(this.hub.link, err)) {
        await new Promise((r) => setTimeout(r, hubRetryDelay(this.failures++)));
        if (this.inFlight !== flight) return;
        this.inFlight = null;
        if (this.waiting.size) void this.run();
        return;
      }
      this.inFlight = null;
      for (const set of [...this.waiting.values()]) for (const waiter of [...set]) waiter.reject(err);
      return;
    }
    if (this.inFlight !== flight) return;
    this.inFlight = null;
    this.failures = 0;
    for (const session of answer.ended) for (const waiter of [...(this.waiting.get(session.id) ?? [])]) waiter.resolve(session);
    for (const { id, error } of answer.missing) {
      for (const waiter of [...(this.waiting.get(id) ?? [])]) waiter.reject(new HubRequestError(404, error.code, error.message));
    }
    if (this.waiting.size) void this.run();
  }
}
