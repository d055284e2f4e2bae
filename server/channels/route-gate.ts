import { phoneDue, routedGrade, type PhoneChannel } from '../policy/routing.js';
import type { RoutingFile } from '../policy/routing-file.js';
import type { StoredSession } from '../sessions/stored-session.js';

/**
 * Whether a pending gate goes to a phone channel now, by the person's `routing:` (policy.yaml): its channel is
 * listed for the gate's risk (a gate with no risk counts as medium) and the gate has waited `phone_after`.
 */
export function routedTo(routing: RoutingFile, channel: PhoneChannel, now: () => number = Date.now): (session: StoredSession) => boolean {
  return (session) => phoneDue(routing.get(), routedGrade(session.permission_view), channel, now() - Date.parse(session.created_at));
}
