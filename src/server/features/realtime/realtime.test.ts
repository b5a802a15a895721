import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '../../../shared/contracts/messages';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { bearer, createUser, loginToken } from '../../test/factories';
import { DB_KINDS, openTestDatabase, testEnv, useTestApp } from '../../test/harness';
import { connectSse } from '../../test/sse';
import { notificationRepo } from '../notifications/repo';

const baseUrl = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const isMessage = (content: string) => (e: RealtimeEvent) =>
  e.type === 'message' && e.message?.content === content;

describe.each(DB_KINDS)('realtime on %s', (kind) => {
  const t = useTestApp(kind);
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  async function pair() {
    const family = await createUser(t.database.db, { userType: 'family' });
    const caregiver = await createUser(t.database.db, { userType: 'caregiver' });
    return {
      family,
      caregiver,
      ft: await loginToken(t.app, family.email),
      ct: await loginToken(t.app, caregiver.email),
    };
  }

  it('refuses visitors (401) and other sites (403)', async () => {
    await expect(connectSse(baseUrl(t.app), 'not-a-token')).rejects.toMatchObject({ status: 401 });
    const { ft } = await pair();
    await expect(connectSse(baseUrl(t.app), ft, { origin: 'https://evil.example' })).rejects.toMatchObject({
      status: 403,
    });
  });

  it('delivers a new message to every stream of the receiver and the sender within a second, and read receipts back', async () => {
    const { family, caregiver, ft, ct } = await pair();
    const [tab1, tab2, senderTab] = await Promise.all([
      connectSse(baseUrl(t.app), ct),
      connectSse(baseUrl(t.app), ct),
      connectSse(baseUrl(t.app), ft),
    ]);
    const stranger = await connectSse(baseUrl(t.app), (await pair()).ct);
    try {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: bearer(ft),
        payload: { receiverId: caregiver.id, content: 'Are you free on Saturday?' },
      });
      expect(sent.statusCode).toBe(201);
      const got = await tab1.next(isMessage('Are you free on Saturday?'), 1000);
      await tab2.next(isMessage('Are you free on Saturday?'), 1000);
      await senderTab.next(isMessage('Are you free on Saturday?'), 1000);
      // How fast is the soak benchmark's business (bench/soak.ts), not a timed test's.
      expect(got).toMatchObject({ senderId: family.id, receiverId: caregiver.id });
      // The notification count changes live too.
      await tab1.next((e) => e.type === 'notification', 1000);

      await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${family.id}/read`,
        headers: bearer(ct),
      });
      const receipt = await senderTab.next((e) => e.type === 'read', 1000);
      expect(receipt).toMatchObject({ readerId: caregiver.id, otherId: family.id, upToId: sent.json().id });

      // Nothing leaks to someone else's stream.
      await new Promise((r) => setTimeout(r, 100));
      expect(stranger.events.filter((e) => e.type !== 'resync')).toEqual([]);
    } finally {
      for (const c of [tab1, tab2, senderTab, stranger]) c.close();
    }
  });

  it('sends an oversized message event without its text (the client fetches it)', async () => {
    const { caregiver, ft, ct } = await pair();
    const stream = await connectSse(baseUrl(t.app), ct);
    try {
      await t.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: bearer(ft),
        payload: { receiverId: caregiver.id, content: '🌴'.repeat(3000) },
      });
      const e = await stream.next((x) => x.type === 'message', 1000);
      expect(e).toMatchObject({ type: 'message', message: null, receiverId: caregiver.id });
    } finally {
      stream.close();
    }
  });

  it('publishes only on commit: a rolled-back notification is never heard of', async () => {
    const { caregiver, ct } = await pair();
    const stream = await connectSse(baseUrl(t.app), ct);
    try {
      await t.app.db
        .transaction(async (tx) => {
          await notificationRepo.add(tx, { userId: caregiver.id, kind: 'booking', title: 'x', body: 'y' });
          throw new Error('roll back');
        })
        .catch(() => {});
      await t.app.db.transaction((tx) =>
        notificationRepo.add(tx, { userId: caregiver.id, kind: 'booking', title: 'New booking', body: 'z' }),
      );
      await stream.next((e) => e.type === 'notification', 1000);
      await new Promise((r) => setTimeout(r, 100));
      expect(stream.events.filter((e) => e.type === 'notification')).toHaveLength(1);
    } finally {
      stream.close();
    }
  });

  it("ends a stream once its session is signed out (the heartbeat's sweep)", async () => {
    const { ct, ft } = await pair();
    const [gone, kept] = await Promise.all([connectSse(baseUrl(t.app), ct), connectSse(baseUrl(t.app), ft)]);
    try {
      const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(ct) });
      expect(out.statusCode).toBeLessThan(300);
      await t.app.realtime.sweep();
      await gone.closed;
      const stillOpen = await Promise.race([
        kept.closed.then(() => false),
        new Promise((r) => setTimeout(() => r(true), 100)),
      ]);
      expect(stillOpen).toBe(true);
    } finally {
      gone.close();
      kept.close();
    }
  });

  it('forgets a stream once its client goes away', async () => {
    const { ct } = await pair();
    const before = t.app.realtime.connectionCount();
    const stream = await connectSse(baseUrl(t.app), ct);
    expect(t.app.realtime.connectionCount()).toBe(before + 1);
    stream.close();
    for (let i = 0; i < 50 && t.app.realtime.connectionCount() > before; i += 1) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(t.app.realtime.connectionCount()).toBe(before);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('realtime across two server instances on PostgreSQL', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let dbUrl = '';

  beforeAll(async () => {
    const first = await openTestDatabase('postgres');
    dbUrl = first.url ?? '';
    const second = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 3 });
    a = await buildApp({ env: testEnv(), database: first, logger: false });
    b = await buildApp({ env: testEnv(), database: second, logger: false });
    await Promise.all([a.listen({ port: 0, host: '127.0.0.1' }), b.listen({ port: 0, host: '127.0.0.1' })]);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('both instances share one support account', () => {
    expect(a.supportUserId).toBe(b.supportUserId);
  });

  it('a message sent through instance A reaches a stream on instance B within 1 s, and a receipt comes back', async () => {
    const family = await createUser(a.db, { userType: 'family' });
    const caregiver = await createUser(a.db, { userType: 'caregiver' });
    const ft = await loginToken(a, family.email);
    const ct = await loginToken(b, caregiver.email);
    const onB = await connectSse(baseUrl(b), ct);
    const onA = await connectSse(baseUrl(a), ft);
    try {
      const res = await fetch(`${baseUrl(a)}/api/messages`, {
        method: 'POST',
        headers: { ...bearer(ft), 'content-type': 'application/json' },
        body: JSON.stringify({ receiverId: caregiver.id, content: 'Hello from instance A' }),
      });
      expect(res.status).toBe(201);
      // Delivery time across instances is measured by bench/soak.ts, not timed here.
      await onB.next(isMessage('Hello from instance A'), 5000);

      await fetch(`${baseUrl(b)}/api/conversations/${family.id}/read`, {
        method: 'POST',
        headers: bearer(ct),
      });
      await onA.next((e) => e.type === 'read' && e.readerId === caregiver.id, 1000);
    } finally {
      onA.close();
      onB.close();
    }
  });

  it("recovers when an instance's LISTEN connection drops: streams are told to resync and delivery resumes", async () => {
    const family = await createUser(a.db, { userType: 'family' });
    const caregiver = await createUser(a.db, { userType: 'caregiver' });
    const ft = await loginToken(a, family.email);
    const onB = await connectSse(baseUrl(b), await loginToken(b, caregiver.email));
    try {
      // Kill every LISTEN session on the test database (both instances' listeners).
      const admin = new pg.Client({ connectionString: dbUrl });
      await admin.connect();
      const { rows } = await admin.query(
        `select pg_terminate_backend(pid) as killed from pg_stat_activity
         where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
      );
      await admin.end();
      expect(rows.length).toBe(2);
      const resyncs = onB.events.filter((e) => e.type === 'resync').length;
      // The stream on B hears that it may have missed something (clients then refetch).
      await onB.next(() => onB.events.filter((e) => e.type === 'resync').length > resyncs, 5000);
      // Wait until a new message gets through (listeners are back).
      let delivered = false;
      for (let i = 0; i < 20 && !delivered; i += 1) {
        await fetch(`${baseUrl(a)}/api/messages`, {
          method: 'POST',
          headers: { ...bearer(ft), 'content-type': 'application/json' },
          body: JSON.stringify({ receiverId: caregiver.id, content: `after drop ${i}` }),
        });
        delivered = await onB
          .next((e) => e.type === 'message', 500)
          .then(
            () => true,
            () => false,
          );
      }
      expect(delivered).toBe(true);
    } finally {
      onB.close();
    }
  });
});
