import { Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** The largest request body the hub accepts. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Up to this many bytes of a too-large body are read and thrown away, so the client gets its 413 instead of a reset. */
export const MAX_DRAINED_BYTES = 256 * 1024 * 1024;

class BodyTooLargeError extends Error {
  readonly statusCode = 413;
  readonly code = 'body_too_large';
  constructor(received: number, more: boolean) {
    super(`body: ${more ? 'more than ' : ''}${received} bytes is over the hub's limit of ${MAX_BODY_BYTES} bytes (1 MiB); send a shorter prompt or fewer options`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * A body over MAX_BODY_BYTES is answered 413 with a message naming the limit. The rest of the body is read and
 * dropped first: a server that answers and closes while the client is still sending resets the connection, and
 * the client sees "socket hang up" / EPIPE instead of the answer. Fastify's own bodyLimit is set to
 * MAX_DRAINED_BYTES (see create-hub.ts), so this check is the one that answers.
 */
export function answerOversizedBodies(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD') return payload;
    let received = 0;
    const counted: Transform & { receivedEncodedLength?: number } = payload.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          received += chunk.length;
          counted.receivedEncodedLength = received;
          if (received > MAX_DRAINED_BYTES) return callback(new BodyTooLargeError(received, true));
          callback(null, received > MAX_BODY_BYTES ? undefined : chunk);
        },
        flush(callback) {
          callback(received > MAX_BODY_BYTES ? new BodyTooLargeError(received, false) : undefined);
        },
      }),
    );
    return counted;
  });
}
