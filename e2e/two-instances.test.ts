import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/server/db/client';
import { bookingEvents, bookings, notifications, payments } from '../src/server/db/schema';
import { sessions } from '../src/server/features/auth/sessions';
import { bookingLifecycleJob } from '../src/server/features/bookings/jobs';
import { insertBooking } from '../src/server/test/engagement';
import { createCaregiver, createUser } from '../src/server/test/factories';
import { openTestDatabase } from '../src/server/test/harness';
import { type RunningServer, startServerProcess } from '../src/server/test/process';
import { connectSse } from '../src/server/test/sse';
import { multipart, pdfDocument } from '../src/server/test/uploads';

/**
 * Two compiled server processes on one PostgreSQL database, as a deployment behind a load balancer runs
 * them: whatever must agree across instances lives in the database, so a client may land on either.
 */

const HOUR = 3_600_000;
/** The auth routes' per-address limit on both instances: small, so the test reaches it in a few calls. */
const AUTH_LIMIT = 5;
/** Both instances expose /metrics with it: the test counts their schedulers' rounds there. */
const METRICS_TOKEN = randomBytes(16).toString('hex');

/** How often this instance's scheduler has taken up the job so far: runs, and rounds that found it locked. */
async function jobRounds(server: RunningServer, job: string): Promise<number> {
  const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  let rounds = 0;
  for (const line of (await res.text()).split('\n')) {
    const m = /^yaadcare_job_runs_total\{(.*)\} (\S+)$/.exec(line);
    if (m?.[1].split(',').includes(`job="${job}"`)) rounds += Number(m[2]);
  }
  return rounds;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server instances on one PostgreSQL database', () => {
  let database: Database & { url?: string };
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    const env = {
      DATABASE_URL: database.url ?? '',
      DEMO_MODE: '0',
      // Every instance of a deployment shares its secrets (card tokens made through A pay through B).
      PAYOUT_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT),
      // Both schedulers run every job every 200 ms, racing each other for the same work.
      JOBS_EVERY_MS: '200',
      METRICS_TOKEN,
    };
    [a, b] = await Promise.all([
      startServerProcess(env, 90_000, { built: true }),
      startServerProcess(env, 90_000, { built: true }),
    ]);
  });

  afterAll(async () => {
    const codes = await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    expect(codes).toEqual([0, 0]);
  });

  const signedIn = async (userType: 'family' | 'caregiver' = 'family') => {
    const user = await createUser(database.db, { userType });
    return { user, token: await sessions.create(database.db, user.id, {}) };
  };
  const post = (server: RunningServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('delivers a message sent through A to a realtime stream on B', async () => {
    const family = await signedIn('family');
    const caregiver = await signedIn('caregiver');
    const onB = await connectSse(b.url, caregiver.token);
    try {
      const res = await post(
        a,
        '/api/messages',
        { receiverId: caregiver.user.id, content: 'Sent through A' },
        { authorization: `Bearer ${family.token}` },
      );
      expect(res.status).toBe(201);
      const got = await onB.next(
        (e) => e.type === 'message' && e.message?.content === 'Sent through A',
        5000,
      );
      expect(got).toMatchObject({ senderId: family.user.id, receiverId: caregiver.user.id });
    } finally {
      onB.close();
    }
  });

  it('counts the auth rate limit across both instances', async () => {
    const statuses: number[] = [];
    // Wrong logins for unknown addresses, alternating A and B: neither instance sees more than 3 alone.
    for (let i = 0; i <= AUTH_LIMIT; i += 1) {
      const res = await post(i % 2 === 0 ? a : b, '/api/auth/login', {
        email: `nobody-${i}-${Date.now()}@example.test`,
        password: 'Not-the-password-1',
      });
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses.slice(0, AUTH_LIMIT).every((s) => s === 401)).toBe(true);
    expect(statuses[AUTH_LIMIT]).toBe(429);
  });

  it('answers a payment retried on the other instance with the first result (one Idempotency-Key, one charge)', async () => {
    const family = await signedIn('family');
    const { caregiver } = await createCaregiver(database.db);
    const startsAt = new Date(Date.now() + 7 * 24 * HOUR);
    const booking = await insertBooking(database.db, {
      familyId: family.user.id,
      caregiverId: caregiver.id,
      status: 'pending',
      startsAt,
      createdAt: new Date(),
    });
    // The sandbox's hosted fields on A make the card token; A and B get the same request at once.
    const tokenRes = await post(a, '/sandbox-pay/tokens', {
      number: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2035,
      cvc: '123',
    });
    expect(tokenRes.status).toBe(201);
    const { token } = (await tokenRes.json()) as { token: string };
    const headers = { authorization: `Bearer ${family.token}`, 'idempotency-key': `pay-${booking.id}` };
    const body = { bookingId: booking.id, method: 'card', paymentToken: token };
    const answers = await Promise.all([
      post(a, '/api/payments', body, headers),
      post(b, '/api/payments', body, headers),
    ]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    const [first, second] = (await Promise.all(answers.map((r) => r.json()))) as { id: number }[];
    expect(second.id).toBe(first.id);
    expect(answers.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(1);
    const rows = await database.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(rows).toHaveLength(1);
  });

  it('runs a due job once across both instances: each overdue request expires exactly once', async () => {
    const due = [];
    for (let i = 0; i < 6; i += 1) {
      const family = await createUser(database.db, { userType: 'family' });
      const { caregiver } = await createCaregiver(database.db);
      // Unanswered for 25 hours: the lifecycle job expires it (24 h) on its next run, on A or on B.
      due.push(
        await insertBooking(database.db, {
          familyId: family.id,
          caregiverId: caregiver.id,
          status: 'pending',
          startsAt: new Date(Date.now() + 3 * 24 * HOUR),
          createdAt: new Date(Date.now() - 25 * HOUR),
        }),
      );
    }
    const ids = due.map((d) => d.id);
    await expect
      .poll(
        async () => {
          const rows = await database.db
            .select({ status: bookings.status })
            .from(bookings)
            .where(inArray(bookings.id, ids));
          return rows.filter((r) => r.status === 'expired').length;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBe(ids.length);
    // Both schedulers keep running: each takes up the job five more times (what 1 s of 200 ms rounds gives
    // an idle machine, and a busy one too), to do it twice if they could.
    const job = bookingLifecycleJob.name;
    const rounds = () => Promise.all([a, b].map((server) => jobRounds(server, job)));
    const seen = await rounds();
    await expect
      .poll(async () => (await rounds()).map((n, i) => n - seen[i]), { timeout: 15_000, interval: 100 })
      .toSatisfy((more: number[]) => more.every((n) => n >= 5));
    const events = await database.db
      .select({ bookingId: bookingEvents.bookingId, n: sql<number>`count(*)::int` })
      .from(bookingEvents)
      .where(and(inArray(bookingEvents.bookingId, ids), eq(bookingEvents.toStatus, 'expired')))
      .groupBy(bookingEvents.bookingId);
    expect(events.map((e) => e.n)).toEqual(ids.map(() => 1));
    const notices = await database.db
      .select({ userId: notifications.userId, n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(
        and(
          inArray(
            notifications.userId,
            due.map((d) => d.familyId),
          ),
          eq(notifications.title, 'Booking request expired'),
        ),
      )
      .groupBy(notifications.userId);
    expect(notices.map((n) => n.n)).toEqual(ids.map(() => 1));
  });

  // FILES: the storage helper moves uploads into PostgreSQL; the lead adds here, on merge, the check that a
  // file uploaded through A is served by B (and refused to someone else on both).
  it('serves a document uploaded through A from B to its owner only (files in PostgreSQL)', async () => {
    const caregiver = await signedIn('caregiver');
    const stranger = await signedIn('caregiver');
    const pdf = pdfDocument();
    const form = multipart(
      { field: 'document', filename: 'police.pdf', contentType: 'application/pdf', data: pdf },
      { documentType: 'police' },
    );
    const uploaded = await fetch(`${a.url}/api/verification/document/upload`, {
      method: 'POST',
      headers: { ...form.headers, authorization: `Bearer ${caregiver.token}` },
      body: form.payload,
    });
    expect(uploaded.status).toBe(201);
    const { document } = (await uploaded.json()) as { document: { id: number } };
    const fromB = (token: string) =>
      fetch(`${b.url}/api/verification/documents/${document.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const own = await fromB(caregiver.token);
    expect(own.status).toBe(200);
    expect(Buffer.from(await own.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await fromB(stranger.token)).status).toBe(403);
  });
});
