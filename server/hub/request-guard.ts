import type { FastifyReply, FastifyRequest } from 'fastify';
import { sameToken } from '../discovery/credential.js';
import { GATE_COOKIE, grantsCookieValue, grantsFromCookie, isGateCapability } from './gate-capability.js';
import { GATE_PARAM } from './handoff.js';
import type { GateLinkRefusal } from './context.js';
import type { Language } from '../../shared/settings.js';
import { looksLikeAgentKey } from '../pairing/agent-key-secret.js';
import { guardAgentKey, type AgentKeyGuard, type AgentScope } from './agent-key-guard.js';
import type { KeyHolder } from '../pairing/agent-keys.js';

export const COOKIE_NAME = 'gatehouse_token';
const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No credential needed (content-hashed static assets). Host and Origin are still checked. */
    public?: boolean;
    /**
     * Also open to a gate link (a capability for one choice session, server/hub/gate-capability.ts), not only to the
     * hub's credential: `session` when the route's `:id` is a granted session, `any` when any gate is granted (the
     * WebSocket, which then carries only the granted gates; the language catalogs). Every other route needs the credential.
     */
    gate?: 'session' | 'any';
    /** Also open to a paired machine's agent key, in this scope (server/hub/agent-key-guard.ts); every other route answers it 403. */
    agent?: AgentScope;
  }
}

/** Route options of a route on one choice session (`:id`) that its gate link may use as well as the credential. */
export const OPEN_TO_GATE_LINK = { config: { gate: 'session' as const } };

/**
 * What a request may reach: everything (the hub's credential), or only some choice sessions (gate links), or what an
 * agent key may (`agent`: its own gates, found by the key's id in their source).
 */
export type Access = { full: true } | { full: false; gates: ReadonlySet<string>; agent?: KeyHolder };

const accessByRequest = new WeakMap<FastifyRequest, Access>();

/** Records what the guard granted `request`. */
export function grantAccess(request: FastifyRequest, access: Access): void {
  accessByRequest.set(request, access);
}

/** The access the guard granted `request` (routes that serve gate links shape their answer by it). */
export function accessOf(request: FastifyRequest): Access {
  return accessByRequest.get(request) ?? { full: true };
}

/** `host:port` or `[::1]:port` → the host name part. */
function hostName(hostHeader: string | undefined): string | null {
  if (!hostHeader) return null;
  if (hostHeader.startsWith('[')) return hostHeader.slice(0, hostHeader.indexOf(']') + 1);
  return hostHeader.split(':')[0].toLowerCase();
}

function cookieValue(header: string | undefined, cookie: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === cookie) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

const cookieHeader = (name: string, value: string) => `${name}=${encodeURIComponent(value)}; HttpOnly; SameSite=Strict; Path=/`;

export interface GuardOptions {
  token: string;
  /** Extra host names accepted besides loopback (when bound to another interface on purpose). */
  extraHosts?: string[];
  /** The portal's language, for the page that refuses a browser holding gate links only (default English). */
  language?: () => Language;
  /** The 403 for a request holding gate links only that asked for something else (its page is the portal's). */
  refuseGateLinkOnly: GateLinkRefusal;
  /** Checks the agent keys of paired machines (absent: every agent key is refused with 401). */
  agentKeys?: AgentKeyGuard;
}

/**
 * Refuses, for HTTP and WebSocket upgrades alike: a Host that is not a loopback name (DNS rebinding),
 * an Origin other than the hub's own (scheme, host and port), and a request without the hub's credential — except, on the routes marked
 * `gate`, a gate link's capability for the session asked for (403 on everything else, saying what it opens).
 * A valid `?token=` sets an HttpOnly cookie so the page's later requests and WebSocket carry it; a valid `?gate=`
 * adds its session to a cookie of granted gates.
 */
export function createRequestGuard(opts: GuardOptions) {
  const allowedHosts = new Set([...LOOPBACK_NAMES, ...(opts.extraHosts ?? [])]);
  return async function guard(request: FastifyRequest, reply: FastifyReply) {
    const auth = request.headers.authorization;
    const bearer = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : null;
    // An agent key is no ambient credential (no cookie a rebound page could borrow): the Host check, which stops DNS
    // rebinding, would only refuse a paired machine that reaches the hub by another name (a container's host gateway).
    if (looksLikeAgentKey(bearer)) return guardAgentKey(opts.agentKeys, bearer, request, reply);
    const host = hostName(request.headers.host);
    if (!host || !allowedHosts.has(host)) {
      return reply.code(403).send({ error: { code: 'bad_host', message: `Host ${JSON.stringify(request.headers.host ?? '')} is not a loopback name; refused` } });
    }
    const origin = request.headers.origin;
    if (origin !== undefined) {
      let ok = false;
      try {
        const url = new URL(origin);
        // The scheme too: a page on https://127.0.0.1:<port> is not this hub when it serves plain HTTP there (nor the reverse).
        ok = url.protocol === `${request.protocol}:` && allowedHosts.has(url.hostname.toLowerCase()) && url.host === request.headers.host;
      } catch {
        ok = false;
      }
      if (!ok) return reply.code(403).send({ error: { code: 'bad_origin', message: `Origin ${JSON.stringify(origin)} is not this hub; refused` } });
    }
    if (request.routeOptions.config?.public) return;
    const query = (request.query as Record<string, unknown> | undefined) ?? {};
    const queryToken = typeof query.token === 'string' ? query.token : null;
    if (sameToken(bearer, opts.token) || sameToken(cookieValue(request.headers.cookie, COOKIE_NAME), opts.token)) return;
    if (sameToken(queryToken, opts.token)) {
      reply.header('set-cookie', cookieHeader(COOKIE_NAME, opts.token));
      return;
    }
    return guardGateLink(opts, request, reply, typeof query[GATE_PARAM] === 'string' ? (query[GATE_PARAM] as string) : null);
  };
}

/** Without the credential: a gate link's capability (in the query or the grants cookie) opens its own session only. */
function guardGateLink(opts: GuardOptions, request: FastifyRequest, reply: FastifyReply, queryCapability: string | null) {
  const { token } = opts;
  const granted = grantsFromCookie(token, cookieValue(request.headers.cookie, GATE_COOKIE));
  const sessionId = (request.params as Record<string, unknown> | undefined)?.id;
  const scope = request.routeOptions.config?.gate;
  if (queryCapability !== null && typeof sessionId === 'string' && scope === 'session' && isGateCapability(token, sessionId, queryCapability)) {
    if (!granted.includes(sessionId)) reply.header('set-cookie', cookieHeader(GATE_COOKIE, grantsCookieValue(token, [...granted, sessionId])));
    granted.push(sessionId);
  }
  const allowed = scope === 'any' ? granted.length > 0 : scope === 'session' && typeof sessionId === 'string' && granted.includes(sessionId);
  if (allowed) {
    grantAccess(request, { full: false, gates: new Set(granted) });
    return;
  }
  if (granted.length > 0) return opts.refuseGateLinkOnly(request, reply, opts.language?.() ?? 'en');
  return reply.code(401).send({ error: { code: 'unauthorized', message: 'missing or wrong gatehouse credential (use the URL gatehouse printed, or Authorization: Bearer <token>)' } });
}
