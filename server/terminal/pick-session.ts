import type { InteractionSummary } from '../../shared/interactions.js';
import type { HubClient } from '../hub-client/hub-client.js';

/** The oldest pending choice session in a list of interactions, skipping `skip`. */
export function oldestPendingChoice(interactions: InteractionSummary[], skip: ReadonlySet<string> = new Set()): string | null {
  const pending = interactions
    .filter((i) => i.kind === 'choice' && i.status === 'pending' && !skip.has(i.id))
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
  return pending[0]?.id ?? null;
}

export async function fetchOldestPending(hub: HubClient, skip?: ReadonlySet<string>): Promise<string | null> {
  const { interactions } = await hub.request<{ interactions: InteractionSummary[] }>('GET', '/api/interactions?filter=active');
  return oldestPendingChoice(interactions, skip);
}
