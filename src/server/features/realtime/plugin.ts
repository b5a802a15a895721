import type { ServerResponse } from 'node:http';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorResponse } from '../../../shared/contracts/common';
import type { RealtimeEvent } from '../../../shared/contracts/messages';
import { REALTIME_CHANNEL, type RealtimeEnvelope } from '../../core/realtime-bus';
import { hashToken } from '../../core/tokens';
import type { Db } from '../../db/client';
import { sessions as sessionsTable, users } from '../../db/schema';
import { forbidden } from '../../errors';
import { backgroundRun } from '../../log-context';
import { currentUser, sessionToken } from '../../plugins/auth';

interface Connection {
  userId: number;
  /** sha256 of the session token, as stored. */
  tokenHash: string;
  res: ServerResponse;
}

/** Which of these session token hashes still belong to a live session of an unsuspended user. */
async function liveTokenHashes(db: Db, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .select({ hash: sessionsTable.tokenHash })
    .from(sessionsTable)
    .innerJoin(users, eq(users.id, sessionsTable.userId))
    .where(
      and(
        inArray(sessionsTable.tokenHash, hashes),
        isNull(sessionsTable.revokedAt),
        gt(sessionsTable.expiresAt, sql`now()`),
        isNull(users.suspendedAt),
      ),
    );
  return new Set(rows.map((r) => r.hash));
}

export interface RealtimeHub {
  /** Open event streams on this instance (all users). */
  connectionCount(): number;
  /** Runs the heartbeat now: pings every stream, ends those of sessions that are no longer live. */
  sweep(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

/** A comment line every 25 s keeps proxies from closing an idle stream and re-checks the session. */
const HEARTBEAT_MS = 25_000;

/**
 * When the server stops, each stream ends with this reconnection hint (SSE `retry:`, in ms), spread over
 * 0.5–1.5 s so the clients of a stopping instance come back to the others gradually, not all at once.
 */
export const drainRetryMs = () => 500 + Math.floor(Math.random() * 1000);

/**
 * Realtime delivery: one server-sent-event stream per signed-in browser tab (GET /api/realtime), fed by
 * PostgreSQL LISTEN/NOTIFY so an event written through any instance reaches the user's streams on every
 * instance. See docs/decisions/0006-realtime-over-server-sent-events.md.
 */
export const realtimePlugin = fp(async (app: FastifyInstance) => {
  const byUser = new Map<number, Set<Connection>>();
  let total = 0;
  /** Set once the server is stopping: streams are ended with a retry hint and none is opened. */
  let draining = false;

  const write = (conn: Connection, chunk: string) => {
    if (!conn.res.writableEnded) conn.res.write(chunk);
  };
  const frame = (event: RealtimeEvent) => `data: ${JSON.stringify(event)}\n\n`;

  const deliver = (payload: string) => {
    let envelope: RealtimeEnvelope;
    try {
      envelope = JSON.parse(payload) as RealtimeEnvelope;
    } catch {
      return;
    }
    const chunk = frame(envelope.event);
    for (const userId of envelope.to) {
      const conns = byUser.get(userId);
      if (conns) for (const conn of conns) write(conn, chunk);
    }
  };
  const resyncAll = () => {
    const chunk = frame({ type: 'resync' });
    for (const conns of byUser.values()) for (const conn of conns) write(conn, chunk);
  };

  const stopListening = await app.database.listen(REALTIME_CHANNEL, deliver, resyncAll);

  const remove = (conn: Connection) => {
    const conns = byUser.get(conn.userId);
    if (!conns?.delete(conn)) return;
    total -= 1;
    if (conns.size === 0) byUser.delete(conn.userId);
  };

  /** Pings every stream and ends those whose session is gone (signed out, expired, suspended). */
  const sweep = async () => {
    const all = [...byUser.values()].flatMap((conns) => [...conns]);
    for (const conn of all) write(conn, ': ping\n\n');
    const live = await liveTokenHashes(app.db, [...new Set(all.map((c) => c.tokenHash))]);
    for (const conn of all) if (!live.has(conn.tokenHash)) conn.res.end();
  };
  const heartbeat = setInterval(() => {
    app.logContext.run(backgroundRun('task', 'realtime.sweep'), () =>
      sweep().catch((err) => app.log.warn({ err }, 'realtime: session sweep failed')),
    );
  }, HEARTBEAT_MS);
  heartbeat.unref();

  app.decorate('realtime', { connectionCount: () => total, sweep } satisfies RealtimeHub);

  app.get(
    '/api/realtime',
    {
      config: { access: 'user', streaming: true },
      schema: {
        tags: ['realtime'],
        summary:
          'Server-sent events for the signed-in user: new messages, read receipts and notifications ' +
          '(data lines are JSON with a type). Reconnect with backoff and refetch on a dropped stream.',
        response: { 403: ErrorResponse },
        otherResponses: { 200: { description: 'The event stream', contentType: 'text/event-stream' } },
      },
    },
    async (req, reply) => {
      // An EventSource sends Origin only cross-origin: refuse other sites reading a user's events.
      const origin = req.headers.origin;
      if (origin && origin !== 'null') {
        let host: string | undefined;
        try {
          host = new URL(origin).host;
        } catch {}
        // req.host: X-Forwarded-Host only behind a trusted proxy (TRUST_PROXY).
        const expected = String(req.host ?? '').replace(/:(80|443)$/, '');
        if (host !== expected) throw forbidden('Cross-site request refused.', 'CSRF_REFUSED');
      }
      const user = currentUser(req);
      const conn: Connection = {
        userId: user.id,
        tokenHash: hashToken(sessionToken(req) ?? ''),
        res: reply.raw,
      };
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: draining ? 'close' : 'keep-alive',
        'x-accel-buffering': 'no',
      });
      reply.raw.socket?.setNoDelay(true);
      if (draining) {
        // This instance is stopping: reconnect soon (the load balancer sends the client elsewhere).
        reply.raw.end(`retry: ${drainRetryMs()}\n\n`);
        return;
      }
      let conns = byUser.get(user.id);
      if (!conns) {
        conns = new Set();
        byUser.set(user.id, conns);
      }
      conns.add(conn);
      total += 1;
      req.raw.on('close', () => remove(conn));
      reply.raw.on('close', () => remove(conn));
      // The first frame tells the client the stream is live (and to retry after 2 s if it drops).
      reply.raw.write(`retry: 2000\n${frame({ type: 'resync' })}`);
    },
  );

  app.addHook('preClose', async () => {
    draining = true;
    clearInterval(heartbeat);
    // The server is stopping: every stream ends with a reconnection hint, so clients come back at once
    // (to another instance) and refetch what they may miss (a new stream starts with `resync`).
    for (const conns of byUser.values()) {
      for (const conn of conns) {
        // The connection closes with the stream (it was keep-alive): nothing is left for the server to await.
        // (Taken now: the response lets go of its socket once it has finished.)
        const socket = conn.res.socket;
        conn.res.end(`retry: ${drainRetryMs()}\n\n`, () => socket?.end());
      }
    }
    byUser.clear();
    total = 0;
    await stopListening();
  });
});
