import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const COMPRESSIBLE = /^(application\/(json|xml)|text\/)/;
/** Smaller bodies gain nothing worth the CPU. */
const MIN_BYTES = 1024;

/**
 * Compresses API answers (JSON, XML, text) for clients that accept it: a search page's results shrink
 * about 5x on a phone's connection. Built assets are compressed once at build time instead (vite.config.ts,
 * @fastify/static preCompressed); streams and small bodies are sent as they are.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook: only a body that is compressed waits for zlib; every other answer goes on at once.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (reply.getHeader('content-encoding')) return done(null, payload);
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSIBLE.test(type)) return done(null, payload);
    // The size without copying a string into a buffer (most clients that skip compression never need one).
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < MIN_BYTES) return done(null, payload);
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    reply.header('vary', 'accept-encoding');
    if (!encoding) return done(null, payload);
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const compressed = (err: Error | null, result: Buffer) => {
      if (err) return done(err);
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      done(null, result);
    };
    if (encoding === 'br') {
      brotliCompress(
        body,
        { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } },
        compressed,
      );
    } else {
      gzip(body, { level: 6 }, compressed);
    }
  });
});
