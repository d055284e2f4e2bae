import type { InteractionSummary } from '../../shared/interactions.js';
import type { StoredSession } from './stored-session.js';

/** A choice session as a row of the portal's interaction list. */
export function choiceInteraction(session: StoredSession): InteractionSummary {
  const pending = session.status === 'pending';
  return {
    kind: 'choice',
    id: session.id,
    title: session.request.title,
    status: session.status,
    interface: session.interface,
    active: pending,
    waiting_on: pending ? 'person' : null,
    created_at: session.created_at,
    ended_at: session.ended_at,
    deadline_at: pending ? session.deadline_at : null,
    href: `/choice/${encodeURIComponent(session.id)}`,
    source: session.source ?? null,
    ...(pending && session.agent_gone_at ? { agent_gone_at: session.agent_gone_at } : {}),
    ...(session.request.questions && session.request.questions.length > 1 ? { questions: session.request.questions.length } : {}),
    ...(session.permission_view?.kind === 'edit' ? { change: { added: session.permission_view.added, removed: session.permission_view.removed } } : {}),
  };
}
