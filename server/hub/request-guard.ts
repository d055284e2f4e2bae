import type { FastifyReply, FastifyRequest } from 'fastify';
import { sameToken } from '../discovery/credential.js';

export const COOKIE_NAME = 'gatehouse_token';
const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** No credential needed (content-hashed static assets). Host and Origin are still checked. */
    public?: boolean;
  }
}

/** `host:port` or `[::1]:port` → the host name part. */
function hostName(hostHeader: string | undefined): string | null {
  if (!hostHeader) return null;
  if (hostHeader.startsWith('[')) return hostHeader.slice(0, hostHeader.indexOf(']') + 1);
  return hostHeader.split(':')[0].toLowerCase();
}

function cookieToken(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE_NAME) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export interface GuardOptions {
  token: string;
  /** Extra host names accepted besides loopback (when bound to another interface on purpose). */
  extraHosts?: string[];
}

/**
 * Refuses, for HTTP and WebSocket upgrades alike: a Host that is not a loopback name (DNS rebinding),
 * an Origin other than the hub's own, and a request without the hub's credential.
 * A valid `?token=` sets an HttpOnly cookie so the page's later requests and WebSocket carry it.
 */
export function createRequestGuard(opts: GuardOptions) {
  const allowedHosts = new Set([...LOOPBACK_NAMES, ...(opts.extraHosts ?? [])]);
  return async function guard(request: FastifyRequest, reply: FastifyReply) {
    const host = hostName(request.headers.host);
    if (!host || !allowedHosts.has(host)) {
      return reply.code(403).send({ error: { code: 'bad_host', message: `Host ${JSON.stringify(request.headers.host ?? '')} is not a loopback name; refused` } });
    }
    const origin = request.headers.origin;
    if (origin !== undefined) {
      let ok = false;
      try {
        const url = new URL(origin);
        ok = url.protocol === 'http:' && allowedHosts.has(url.hostname.toLowerCase()) && url.host === request.headers.host;
      } catch {
        ok = false;
      }
      if (!ok) return reply.code(403).send({ error: { code: 'bad_origin', message: `Origin ${JSON.stringify(origin)} is not this hub; refused` } });
    }
    if (request.routeOptions.config?.public) return;
    const auth = request.headers.authorization;
    const bearer = auth?.startsWith('Bearer ') ? auth.slice(7).trim() : null;
    const query = (request.query as Record<string, unknown> | undefined)?.token;
    const queryToken = typeof query === 'string' ? query : null;
    if (sameToken(bearer, opts.token) || sameToken(cookieToken(request.headers.cookie), opts.token)) return;
    if (sameToken(queryToken, opts.token)) {
      reply.header('set-cookie', `${COOKIE_NAME}=${encodeURIComponent(opts.token)}; HttpOnly; SameSite=Strict; Path=/`);
      return;
    }
    return reply.code(401).send({ error: { code: 'unauthorized', message: 'missing or wrong gatehouse credential (use the URL gatehouse printed, or Authorization: Bearer <token>)' } });
  };
}
