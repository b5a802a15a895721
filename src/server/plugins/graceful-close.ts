import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * While the server is stopping, every answer carries `Connection: close`, so a client (or load balancer)
 * sends its next request on a new connection, which lands on another instance. Fastify does this itself
 * only for requests that arrive after `close()` began; this covers those already being handled. Requests
 * are answered, never refused: buildApp sets `return503OnClosing: false` (ADR 0017).
 */
export const gracefulClosePlugin = fp(async (app: FastifyInstance) => {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (stopping) reply.header('connection', 'close');
    done(null, payload);
  });
});

/**
 * Stops a listening app gracefully, in this order:
 * 1. no new connections (the listening socket closes at once; idle keep-alive connections are closed);
 * 2. `app.close()`: its preClose hooks end realtime streams with a retry hint and stop background jobs
 *    (a run in progress finishes its item and releases its lock);
 * 3. requests in flight are answered (with `Connection: close`), then the database closes (onClose).
 * A connection that turns idle meanwhile is closed too (every `reapEveryMs`), or it would hold the
 * server open until its keep-alive timeout.
 */
export async function closeGracefully(app: FastifyInstance, reapEveryMs = 100): Promise<void> {
  app.server.close();
  const reaper = setInterval(() => app.server.closeIdleConnections(), reapEveryMs);
  try {
    await app.close();
  } finally {
    clearInterval(reaper);
  }
}
