// Which `gatehouse mcp` process asks: each one names itself with a random id on its requests for the choices it
// starts and polls (header x-gatehouse-asker), and tells the hub when its client has closed. The hub then shows
// the pending choices that process was last asking for as having lost their agent (ChoiceSessions.askerGone).
import { RequestValidationError } from '../../shared/validation-error.js';
import type { ChoiceSessions } from './choice-sessions.js';

type Headers = Record<string, string | string[] | undefined>;

export const ASKER_HEADER = 'x-gatehouse-asker';

/** The asker id a request names, or null when it names none; a malformed one is refused naming the header. */
export function askerOf(headers: Headers): string | null {
  const value = headers[ASKER_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{8,64}$/.test(value)) {
    throw new RequestValidationError([{ field: ASKER_HEADER, message: 'must be one id of 8–64 letters, digits, _ or - (the asking process names itself)' }]);
  }
  return value;
}

/** A request that names its asker and starts, reads or waits on sessions: that process asks for them now. */
export async function noteAsker(sessions: Pick<ChoiceSessions, 'askedBy'>, headers: Headers, ids: string[]): Promise<void> {
  const asker = askerOf(headers);
  if (asker) for (const id of ids) await sessions.askedBy(id, asker);
}
