import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Below this a compressed answer is hardly smaller (a 256-byte JSON answer: ~180 bytes with brotli, gzip's header eats more). */
const MIN_BYTES = 256;
const TEXT = /^(text\/|application\/(json|javascript)|image\/svg)/;

/**
 * Compresses every text answer the hub sends (pages, JSON) with brotli, else gzip, when the client accepts it.
 * Answers that are already encoded (the portal's pre-gzipped assets) or streamed are left alone.
 */
export function compressResponses(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.getHeader('content-encoding') || !TEXT.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (bytes.length < MIN_BYTES) return payload;
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    reply.header('vary', 'accept-encoding');
    if (!encoding) return payload;
    const body = encoding === 'br' ? await brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }) : await gzipAsync(bytes);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
