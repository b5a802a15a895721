import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSandboxProvider, type SandboxProvider } from '../../adapters/payments';
import { buildApp } from '../../app';
import { deliveries, payments, sandboxProviderOperations } from '../../db/schema';
import { runJob } from '../../jobs/scheduler';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn } from '../../test/sign-in';
import { shiftBooking } from '../bookings/testing';
import { reconciliationJob } from './jobs';
import { sandboxTokenSecret } from './provider';
import { requestedBooking, sandboxToken } from './testing';

const HOUR = 3_600_000;
const TOKEN = 'metrics-token-for-reconciliation';
const MISMATCHES = '/api/admin/money-audit/mismatches';

describe.each(DB_KINDS)('reconciliation with the provider’s record on %s', (kind) => {
  const t = useTestApp(kind, { metricsToken: TOKEN });
  const sandbox = () => t.app.payments as SandboxProvider;
  const act = (id: number, action: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/bookings/${id}/${action}`, headers });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const run = async () =>
    (await runJob(t.app, reconciliationJob, new Date())).result as { found: number; newFound: number };

  /** A booking paid by card and accepted, starting `hoursAhead` from now. */
  async function paidConfirmed(hoursAhead: number) {
    const b = await requestedBooking(t.app, t.db, 1000, 4, 10);
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { ...b.family.headers, 'idempotency-key': randomUUID() },
      payload: { bookingId: b.booking.id, method: 'card', paymentToken: await sandboxToken(t.app) },
    });
    expect(paid.statusCode).toBe(201);
    expect((await act(b.booking.id, 'accept', b.cg.headers)).statusCode).toBe(200);
    await shiftBooking(t.db, b.booking.id, new Date(Date.now() + hoursAhead * HOUR));
    return b;
  }
  const paymentOf = async (bookingId: number) =>
    (await t.db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0];

  let admin: Awaited<ReturnType<typeof signedIn>>;
  let completedBooking = 0;

  it('finds nothing after ordinary holds, captures, partial captures and voids', async () => {
    admin = await signedIn(t.db, { userType: 'admin' });
    const completed = await paidConfirmed(-6);
    expect((await act(completed.booking.id, 'complete', completed.cg.headers)).statusCode).toBe(200);
    completedBooking = completed.booking.id;
    const early = await paidConfirmed(30);
    expect((await act(early.booking.id, 'cancel', early.family.headers)).statusCode).toBe(200);
    const late = await paidConfirmed(10);
    expect((await act(late.booking.id, 'cancel', late.family.headers)).statusCode).toBe(200);
    await paidConfirmed(72); // a live hold
    expect((await paymentOf(completed.booking.id)).status).toBe('captured');
    expect((await paymentOf(early.booking.id)).status).toBe('voided');
    expect((await paymentOf(late.booking.id)).status).toBe('partially_refunded');

    const ops = await sandbox().listOperations({});
    // Every call carried a key derived from its intent: the payment's capture and void, never a random one.
    const keys = ops.map((o) => o.idempotencyKey);
    expect(keys).toContain(`payment:${(await paymentOf(completed.booking.id)).id}:capture`);
    expect(keys).toContain(`payment:${(await paymentOf(early.booking.id)).id}:void`);
    expect(keys).toContain(`payment:${(await paymentOf(late.booking.id)).id}:capture`);
    expect(ops.filter((o) => o.kind === 'authorize')).toHaveLength(4);

    // By hand, as the console's button does: the same run under the job's lock.
    const byHand = await t.injectAs(admin, { method: 'POST', url: '/api/admin/money-audit/run' });
    expect(byHand.json()).toMatchObject({ ran: true, result: { found: 0, newFound: 0 } });
    expect(await run()).toMatchObject({ found: 0, newFound: 0 });
    const list = (await get(MISMATCHES, admin.headers)).json();
    expect(list).toEqual({ mismatches: [], open: 0 });
    const runs = (await get('/api/admin/money-audit/runs', admin.headers)).json();
    expect(runs.runs[0]).toMatchObject({ found: 0, newFound: 0, operations: ops.length });
  });

  it('lists a planted mismatch once, alerts the admins once, counts it, and records who resolved it', async () => {
    // Money the provider holds that we have no payment for, and a capture our payment misstates.
    const orphan = await sandbox().authorize({
      amountCents: 123_400,
      method: 'card',
      token: await sandboxToken(t.app),
      idempotencyKey: 'test:orphan-hold',
    });
    expect(orphan.ok).toBe(true);
    const edited = await paymentOf(completedBooking);
    await t.db.update(payments).set({ capturedAmount: '4100.00' }).where(eq(payments.id, edited.id));

    expect(await run()).toMatchObject({ newFound: 2 });
    const { mismatches, open } = (await get(MISMATCHES, admin.headers)).json();
    expect(open).toBe(2);
    const unknown = mismatches.find((m: { kind: string }) => m.kind === 'provider_unknown');
    expect(unknown).toMatchObject({ providerAmount: '1234.00', ourAmount: '0.00', state: 'open' });
    expect(mismatches.find((m: { kind: string }) => m.kind === 'amount_differs')).toMatchObject({
      paymentId: edited.id,
      bookingId: completedBooking,
      providerAmount: '4200.00',
      ourAmount: '4100.00',
    });

    // The next run lists nothing new and alerts no one again.
    expect(await run()).toMatchObject({ found: 2, newFound: 0 });
    expect((await get(MISMATCHES, admin.headers)).json().mismatches).toHaveLength(2);
    const alerts = await t.db
      .select()
      .from(deliveries)
      .where(and(eq(deliveries.userId, admin.user.id), eq(deliveries.kind, 'payment.reconciliation')));
    expect(alerts.filter((a) => a.channel === 'email')).toHaveLength(1);
    expect(alerts[0].body).toContain('2 new mismatches');

    const metrics = (
      await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })
    ).body;
    expect(metrics).toMatch(/yaadcare_reconciliation_mismatches_total\{kind="provider_unknown"\} 1/);
    expect(metrics).toMatch(/yaadcare_reconciliation_open_mismatches 2/);

    const resolve = (id: number, payload: Record<string, string>, headers = admin.headers) =>
      t.app.inject({ method: 'POST', url: `${MISMATCHES}/${id}/resolve`, headers, payload });
    expect((await resolve(unknown.id, { note: '  ' })).statusCode).toBe(400);
    expect((await resolve(999_999, { note: 'x' })).statusCode).toBe(404);
    const done = await resolve(unknown.id, { note: 'Voided at the provider by hand.' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      state: 'resolved',
      note: 'Voided at the provider by hand.',
      resolvedBy: { userId: admin.user.id, firstName: admin.user.firstName },
    });
    expect(done.json().resolvedAt).toEqual(expect.any(String));
    expect((await resolve(unknown.id, { note: 'again' })).statusCode).toBe(409);
    const after = (await get(`${MISMATCHES}?state=open`, admin.headers)).json();
    expect(after.open).toBe(1);
    expect(after.mismatches.map((m: { kind: string }) => m.kind)).toEqual(['amount_differs']);
    // A third run does not reopen or repeat the resolved one.
    expect(await run()).toMatchObject({ newFound: 0 });
    expect((await get(`${MISMATCHES}?state=resolved`, admin.headers)).json().mismatches).toHaveLength(1);
    expect((await get(`${MISMATCHES}?state=maybe`, admin.headers)).statusCode).toBe(400);
  });

  it('refuses families, caregivers and visitors, before reading the body', async () => {
    const family = await signedIn(t.db, { userType: 'family' });
    const caregiver = await signedIn(t.db, { userType: 'caregiver' });
    for (const [headers, status] of [
      [family.headers, 403],
      [caregiver.headers, 403],
      [{}, 401],
    ] as const) {
      expect((await get(MISMATCHES, headers)).statusCode).toBe(status);
      expect((await get('/api/admin/money-audit/runs', headers)).statusCode).toBe(status);
      const runNow = await t.app.inject({ method: 'POST', url: '/api/admin/money-audit/run', headers });
      expect(runNow.statusCode).toBe(status);
      const post = await t.app.inject({
        method: 'POST',
        url: `${MISMATCHES}/1/resolve`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{ not json',
      });
      expect(post.statusCode).toBe(status);
    }
  });

  it('answers the first result for a key after a restart, and never holds twice', async () => {
    const key = `test:restart-${kind}`;
    const first = await sandbox().authorize({
      amountCents: 5000,
      method: 'card',
      token: await sandboxToken(t.app),
      idempotencyKey: key,
    });
    await sandbox().listOperations({}); // written behind on the embedded database
    // A new provider on the same database (a restarted or second server) answers the key's first result.
    const again = createSandboxProvider({ secret: sandboxTokenSecret(t.env), database: t.database });
    await again.load();
    const second = await again.authorize({
      amountCents: 5000,
      method: 'card',
      token: await sandboxToken(t.app),
      idempotencyKey: key,
    });
    expect(second).toEqual(first);
    expect(again.stats.holdsCreated).toBe(0);
    await again.capture(first.ok ? first.providerRef : '', 5000, `${key}:capture`);
    await sandbox().capture(first.ok ? first.providerRef : '', 5000, `${key}:capture`);
    const rows = await t.db
      .select()
      .from(sandboxProviderOperations)
      .where(eq(sandboxProviderOperations.providerRef, first.ok ? first.providerRef : ''));
    expect(rows.map((r) => r.kind).sort()).toEqual(['authorize', 'capture']);
  });

  it.skipIf(kind !== 'postgres')(
    'one key through two separately built apps on the same PostgreSQL database makes one hold',
    async () => {
      const other = await buildApp({
        env: t.env,
        database: { ...t.database, close: async () => {} },
        logger: false,
      });
      await other.ready();
      const holdsBefore = () =>
        (t.app.payments as SandboxProvider).stats.holdsCreated +
        (other.payments as SandboxProvider).stats.holdsCreated;
      const before = holdsBefore();
      try {
        const key = 'test:two-apps';
        const [a, b] = await Promise.all([
          t.app.payments.authorize({
            amountCents: 7000,
            method: 'card',
            token: await sandboxToken(t.app),
            idempotencyKey: key,
          }),
          other.payments.authorize({
            amountCents: 7000,
            method: 'card',
            token: await sandboxToken(other),
            idempotencyKey: key,
          }),
        ]);
        expect(a).toEqual(b);
        const rows = await t.db
          .select()
          .from(sandboxProviderOperations)
          .where(eq(sandboxProviderOperations.idempotencyKey, key));
        expect(rows).toHaveLength(1);
        expect(holdsBefore() - before).toBe(1);
        expect(
          (await t.app.payments.listOperations({})).filter((o) => o.idempotencyKey === key),
        ).toHaveLength(1);
      } finally {
        await other.close();
      }
    },
  );
});
