import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { sessions } from '../features/auth/sessions';
import { bearer } from '../test/factories';
import { DB_KINDS, useTestApp } from '../test/harness';
import { DEMO_CIRCLE } from './circle';
import { DEMO_COORDINATOR_EMAIL, DEMO_PAYER_EMAIL, seedDemoDataIfEmpty } from './index';

/** The demo care circle (issue 18): visible to its payer in Toronto and its coordinator in Kingston, through the API. */
describe.each(DB_KINDS.slice(0, 1))('the demo care circle on %s', (kind) => {
  const t = useTestApp(kind);
  const as = async (email: string) => {
    const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
    return { user: u, headers: bearer(await sessions.create(t.database.db, u.id, {})) };
  };

  beforeAll(async () => {
    await seedDemoDataIfEmpty(t.database.db, { passwordHash: 'not-used-here' });
  });

  it('shows the payer a booking waiting for her approval, and the coordinator the same circle', async () => {
    const payer = await as(DEMO_PAYER_EMAIL);
    const coordinator = await as(DEMO_COORDINATOR_EMAIL);
    expect(payer.user.location).toBe('Toronto');
    expect(coordinator.user.location).toBe('Kingston');
    for (const who of [payer, coordinator]) {
      const circles = (await t.injectAs(who, { method: 'GET', url: '/api/circles' })).json();
      expect(circles.circles).toEqual([
        expect.objectContaining({
          name: DEMO_CIRCLE.name,
          recipientFirstName: 'Gloria',
          recipientTown: 'Mandeville',
        }),
      ]);
    }
    // The circle's single bookings (its weekly series has a test of its own: series.test.ts).
    const list = (await t.injectAs(payer, { method: 'GET', url: '/api/bookings' }))
      .json()
      .filter((b: { seriesId: number | null }) => b.seriesId === null);
    const statuses = list.map((b: { status: string }) => b.status).sort();
    expect(statuses).toEqual(['awaiting_approval', 'completed', 'confirmed']);
    const waiting = list.find((b: { status: string }) => b.status === 'awaiting_approval');
    expect(waiting.circle).toMatchObject({ canApprove: true, approval: { state: 'awaiting' } });
    const done = list.find((b: { status: string }) => b.status === 'completed');
    expect(done.payment).toMatchObject({ status: 'captured' });
    expect(done.circle.approval).toMatchObject({ state: 'approved', byFirstName: 'Simone' });

    // The payer approves it; then the caregiver has it.
    const approved = await t.injectAs(payer, { method: 'POST', url: `/api/bookings/${waiting.id}/approve` });
    expect(approved.statusCode).toBe(200);
    const [carer] = await t.database.db.select().from(users).where(eq(users.id, waiting.caregiver.userId));
    const carerHeaders = bearer(await sessions.create(t.database.db, carer.id, {}));
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${waiting.id}`,
      headers: carerHeaders,
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().circle.recipient.firstName).toBe('Gloria');
  });

  it('Simone reads times in Toronto and a statement estimated in Canadian dollars at the demo rate', async () => {
    const payer = await as(DEMO_PAYER_EMAIL);
    const me = (await t.injectAs(payer, { method: 'GET', url: '/api/auth/me' })).json();
    expect(me).toMatchObject({ timeZone: 'America/Toronto', currency: 'CAD' });
    const list = (await t.injectAs(payer, { method: 'GET', url: '/api/bookings' })).json();
    const done = list.find(
      (b: { status: string; seriesId: number | null }) => b.status === 'completed' && b.seriesId === null,
    );
    const month = done.date.slice(0, 7);
    const res = await t.injectAs(payer, {
      method: 'GET',
      url: `/api/circles/${done.circle.id}/statement?month=${month}&format=json`,
    });
    expect(res.statusCode).toBe(200);
    const statement = res.json();
    expect(statement.lines).toContainEqual(
      expect.objectContaining({ bookingId: done.id, statusLabel: 'Completed', paymentStatus: 'Charged' }),
    );
    expect(statement.estimates).toEqual([
      expect.objectContaining({
        currency: 'CAD',
        jmdPerUnit: '113.6000',
        text: expect.stringMatching(/^≈ C\$/),
      }),
    ]);
  });
});
