import { HubRequestError } from './hub-request-error.js';
import type { HubLink } from './hub-client.js';

/**
 * A paired machine's wait that its hub did not answer (restarting, a dropped tunnel) is sent again after this:
 * 100 ms doubling to 5 s. Not the channels' retryDelay (250 ms to 30 s): a poll waits at most 50 s, and a hub back
 * after a restart should be found within a few seconds.
 */
export function hubRetryDelay(attempt: number): number {
  return Math.min(5000, 100 * 2 ** Math.max(0, Math.min(attempt, 16)));
}

/** Whether a failed wait on `link`'s hub is retried: only a paired hub's, and only when it did not answer at all. */
export function ridesOut(link: HubLink | undefined, err: unknown): boolean {
  return link?.remote === true && err instanceof HubRequestError && err.code === 'hub_unreachable';
}
