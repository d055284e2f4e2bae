import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KeyCheck, KeyHolder } from '../pairing/agent-keys.js';
import { accessOf, grantAccess } from './request-guard.js';

/**
 * What an agent key (a paired machine, server/pairing/) may do on a route, set in the route's `config.agent`:
 * - `open`: the route answers a key as it is (health, the asker-gone notice);
 * - `create`: it starts a gate, labelled with the key's machine;
 * - `session`: the route's `:id` must be a gate this key started;
 * - `wait-many`: every id in the body must be unknown or a gate this key started (checked once the body is read);
 * - `hook`: a permission request from an agent CLI's hook.
 * Every route without it answers a key 403: other gates, answers, the portal, history, settings, tasks, terminals,
 * pairing and revoking, and the WebSocket.
 */
export type AgentScope = 'open' | 'create' | 'session' | 'wait-many' | 'hook';

export interface AgentKeyGuard {
  check(key: string, from: string | null): KeyCheck;
  /** The id of the key that started gate `sessionId`: null when no key did, undefined when the hub has no such gate. */
  ownerOf(sessionId: string): string | null | undefined;
}

const SCOPE_WORDS = 'a paired machine\'s key may only start gates, poll and cancel its own, and send permission requests from hooks';

function forbidden(reply: FastifyReply, holder: KeyHolder, what: string) {
  return reply.code(403).send({ error: { code: 'forbidden_for_agent_key', message: `agent key "${holder.name}" may not ${what}: ${SCOPE_WORDS}; this needs the person's credential` } });
}

function notOwn(reply: FastifyReply, holder: KeyHolder, id: string) {
  return forbidden(reply, holder, `reach gate ${id}, which it did not start`);
}

/** The onRequest half: checks the key (401 naming it and the way out), then the route's scope and a `:id`'s owner. */
export async function guardAgentKey(keys: AgentKeyGuard | undefined, key: string, request: FastifyRequest, reply: FastifyReply) {
  if (request.headers.origin !== undefined) return reply.code(403).send({ error: { code: 'bad_origin', message: 'an agent key is not for browsers: a request carrying one with an Origin is refused' } });
  const checked = keys ? keys.check(key, request.ip ?? null) : ({ ok: false, message: 'this hub takes no agent keys' } as const);
  if (!checked.ok) return reply.code(401).send({ error: { code: 'agent_key_refused', message: checked.message } });
  const { holder } = checked;
  const scope = request.routeOptions.config?.agent;
  if (!scope) return forbidden(reply, holder, `use ${request.method} ${request.url.split('?')[0]}`);
  if (scope === 'session') {
    const id = (request.params as Record<string, unknown> | undefined)?.id;
    if (typeof id === 'string' && keys!.ownerOf(id) !== undefined && keys!.ownerOf(id) !== holder.id) return notOwn(reply, holder, id);
  }
  grantAccess(request, { full: false, gates: new Set(), agent: holder });
}

/** The preHandler half, for `wait-many` routes: every id named in the body is unknown or the key's own. */
export function guardAgentWaits(keys: AgentKeyGuard) {
  return async function guardWaits(request: FastifyRequest, reply: FastifyReply) {
    const holder = agentOf(request);
    if (!holder || request.routeOptions.config?.agent !== 'wait-many') return;
    const ids = (request.body as { ids?: unknown } | undefined)?.ids;
    if (!Array.isArray(ids)) return; // the route says what the body lacks
    const other = ids.find((id) => typeof id === 'string' && keys.ownerOf(id) !== undefined && keys.ownerOf(id) !== holder.id);
    if (typeof other === 'string') return notOwn(reply, holder, other);
  };
}

/** The agent key a request came with, once the guard let it through (null: the person's credential or a gate link). */
export function agentOf(request: FastifyRequest): KeyHolder | null {
  const access = accessOf(request);
  return access.full ? null : (access.agent ?? null);
}
