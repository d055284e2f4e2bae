import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { RequestValidationError } from '../../shared/validation-error.js';
import { InterfaceUnavailableError, SessionEndedError, SessionNotFoundError } from '../sessions/session-errors.js';
import type { ChoiceSessions } from '../sessions/choice-sessions.js';
import { DataPathError } from '../config/data-path-error.js';
import { alreadySettledText } from '../sessions/gate-outcome.js';

/** Maps the hub's domain errors to HTTP answers; every answer is `{error: {code, message, problems?}}`. */
export function createErrorHandler(sessions: ChoiceSessions) {
  return function onError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
    if (error instanceof RequestValidationError) {
      return reply.code(400).send({ error: { code: 'invalid_request', message: error.message, problems: error.problems } });
    }
    if (error instanceof InterfaceUnavailableError) {
      return reply.code(400).send({ error: { code: 'interface_unavailable', message: `interface: ${error.message}`, problems: [{ field: 'interface', message: error.message }] } });
    }
    if (error instanceof SessionNotFoundError) {
      return reply.code(404).send({ error: { code: 'not_found', message: error.message } });
    }
    if (error instanceof SessionEndedError) {
      // A late answer: who answered where, never a bare error (the outcome stands; the session comes with it).
      return reply.code(409).send({ error: { code: 'already_ended', message: alreadySettledText(error.session) }, session: sessions.view(error.session) });
    }
    if (error instanceof DataPathError) {
      // The store could not write (read-only, immutable, another owner, a full disk): nothing was changed or
      // acknowledged. The answer names the path, what the system said and the fix; /api/health says "degraded".
      request.log.error({ path: error.path, reason: error.message }, 'the store could not write; the request changed nothing');
      return reply.code(503).send({ error: { code: 'storage_unavailable', message: `the hub cannot save to its data directory, so nothing was changed: ${error.message}`, path: error.path, fix: error.fix } });
    }
    const fe = error as FastifyError;
    if (fe.statusCode && fe.statusCode < 500) {
      const message = fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.name === 'SyntaxError' ? jsonBodyMessage(fe.message) : fe.message;
      return reply.code(fe.statusCode).send({ error: { code: fe.code ?? 'bad_request', message } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: { code: 'internal', message: 'internal error in the hub (details in its log)' } });
  };
}

/** A body JSON.parse or the prototype-poisoning check refused, said so that the field is named. */
function jsonBodyMessage(detail: string): string {
  if (/forbidden prototype property/i.test(detail)) return 'body: the key "__proto__" is not allowed in a request (rename that field)';
  return `body: not valid JSON (${detail})`;
}
