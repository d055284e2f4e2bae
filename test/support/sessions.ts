import type { ChoiceSessionView } from '../../shared/choice/session-types.js';
import type { TestHub } from './test-hub.js';

export const DB_QUESTION = {
  title: 'Pick a database',
  prompt: 'The orders service needs a primary datastore and none is configured.',
  options: [
    { id: 'pg', label: 'PostgreSQL', description: 'already used by billing', recommended: true },
    { id: 'lite', label: 'SQLite' },
    { id: 'mongo', label: 'MongoDB' },
  ],
  interface: 'terminal',
};

export async function createSession(hub: TestHub, request: Record<string, unknown> = DB_QUESTION): Promise<string> {
  const { session } = await hub.client.request<{ session: ChoiceSessionView }>('POST', '/api/sessions', request);
  return session.id;
}

export async function getSession(hub: TestHub, id: string): Promise<ChoiceSessionView> {
  return (await hub.client.request<{ session: ChoiceSessionView }>('GET', `/api/sessions/${id}`)).session;
}

/** Waits (through the hub's blocking wait) until the session has ended. */
export async function endedSession(hub: TestHub, id: string): Promise<ChoiceSessionView> {
  for (;;) {
    const { session } = await hub.client.request<{ session: ChoiceSessionView }>('GET', `/api/sessions/${id}/wait?seconds=10`);
    if (session.status !== 'pending') return session;
  }
}

/** A choice request with sensible defaults for the portal specs and the benches. */
export function choiceRequest(extra: Record<string, unknown> = {}) {
  return {
    title: 'Pick a database',
    prompt: '**Task:** set up storage.\n\nThe repo has no database yet. Pick one.',
    options: [
      { id: 'pg', label: 'PostgreSQL', description: 'Relational and mature.', recommended: true },
      { id: 'sqlite', label: 'SQLite', description: 'Embedded, zero setup.' },
      { id: 'mongo', label: 'MongoDB', description: 'Document store.' },
    ],
    interface: 'web',
    timeout_seconds: 600,
    ...extra,
  };
}
