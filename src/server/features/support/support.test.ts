import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, notifications, supportTickets } from '../../db/schema';
import { bearer, createUser, loginToken } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';

const SUPPORT = 'help-desk@yaadcare.test';
let ipSeq = 0;
/** Each test posts from its own address, so the per-IP limit of one test does not reach another. */
const nextIp = () => `203.0.113.${++ipSeq}`;

const ticket = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sasha Morgan',
  email: `sasha${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.test`,
  category: 'bookings',
  subject: 'Changing a booking time',
  message: 'Can I move my booking on Saturday from 9 AM to 11 AM without cancelling it?',
  ...overrides,
});

describe.each(DB_KINDS)('support tickets on %s', (kind) => {
  const t = useTestApp(kind, { supportEmail: SUPPORT });
  const mailTo = (to: string) =>
    t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id));

  it('a visitor sends a message: stored, confirmed to the sender, sent to the support address, admins notified', async () => {
    const admin = await createUser(t.database.db, { userType: 'admin' });
    const body = ticket();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      payload: { ...body, subject: '  Changing a booking time  ' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(201);
    const { id, reference } = res.json();
    expect(reference).toBe(`YC-${String(id).padStart(6, '0')}`);

    const [row] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, id));
    expect(row).toMatchObject({
      userId: null,
      email: body.email,
      subject: 'Changing a booking time',
      status: 'open',
    });

    const [confirmation] = await mailTo(body.email);
    expect(confirmation.subject).toContain(reference);
    expect(confirmation.text).toContain(body.message);
    const [toTeam] = await mailTo(SUPPORT);
    expect(toTeam.subject).toBe(`[${reference}] Changing a booking time`);
    expect(toTeam.text).toContain(body.email);

    const adminNotes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, admin.id));
    expect(adminNotes.some((n) => n.kind === 'support_ticket' && n.title.includes(reference))).toBe(true);
  });

  it('a signed-in user’s ticket carries their account and their own e-mail, whatever the body says', async () => {
    const family = await createUser(t.database.db);
    const token = await loginToken(t.app, family.email);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      headers: bearer(token),
      payload: ticket({ email: 'someone-else@example.test' }),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, res.json().id));
    expect(row.userId).toBe(family.id);
    expect(row.email).toBe(family.email);
    expect(await mailTo('someone-else@example.test')).toHaveLength(0);

    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/support/tickets/mine',
      headers: bearer(token),
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items.map((i: { id: number }) => i.id)).toEqual([res.json().id]);
    expect((await t.app.inject({ method: 'GET', url: '/api/support/tickets/mine' })).statusCode).toBe(401);
  });

  it('refuses bad input with 400 and field messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'email'],
      [{ name: ' ' }, 'name'],
      [{ category: 'billing-disputes' }, 'category'],
      [{ subject: 'x' }, 'subject'],
      [{ message: 'help' }, 'message'],
      [{ message: 'a'.repeat(4001) }, 'message'],
    ];
    for (const [override, field] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/support/tickets',
        payload: ticket(override),
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, field).toBe(400);
      expect(JSON.stringify(res.json()), field).toContain(field);
    }
    const none = await t.app.inject({ method: 'POST', url: '/api/support/tickets', remoteAddress: nextIp() });
    expect(none.statusCode).toBe(400);
  });

  it('limits each IP to 5 messages in 15 minutes (429), other IPs unaffected', async () => {
    const ip = nextIp();
    const send = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/support/tickets', payload: ticket(), remoteAddress });
    for (let i = 0; i < 5; i++) expect((await send(ip)).statusCode).toBe(201);
    const sixth = await send(ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/Too many requests/);
    expect((await send(nextIp())).statusCode).toBe(201);
  });

  it('admins list, answer (e-mailed, notified in-app) and close tickets; others are refused', async () => {
    const admin = await createUser(t.database.db, { userType: 'admin', firstName: 'Marsha' });
    const family = await createUser(t.database.db);
    const caregiver = await createUser(t.database.db, { userType: 'caregiver' });
    const adminH = bearer(await loginToken(t.app, admin.email));
    const familyH = bearer(await loginToken(t.app, family.email));
    const caregiverH = bearer(await loginToken(t.app, caregiver.email));

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      headers: familyH,
      payload: ticket({ subject: 'Refund question' }),
      remoteAddress: nextIp(),
    });
    const id = created.json().id as number;

    // Visitors 401, families and caregivers 403 on every admin route.
    const routes = [
      { method: 'GET' as const, url: '/api/admin/support/tickets' },
      {
        method: 'POST' as const,
        url: `/api/admin/support/tickets/${id}/answer`,
        payload: { answer: 'Hello' },
      },
      { method: 'POST' as const, url: `/api/admin/support/tickets/${id}/close` },
    ];
    for (const route of routes) {
      expect((await t.app.inject(route)).statusCode, route.url).toBe(401);
      for (const h of [familyH, caregiverH]) {
        expect((await t.app.inject({ ...route, headers: h })).statusCode, route.url).toBe(403);
      }
    }

    const open = await t.app.inject({ method: 'GET', url: '/api/admin/support/tickets', headers: adminH });
    expect(open.statusCode).toBe(200);
    expect(open.json().items.some((i: { id: number }) => i.id === id)).toBe(true);

    const blank = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/tickets/${id}/answer`,
      headers: adminH,
      payload: { answer: ' ' },
    });
    expect(blank.statusCode).toBe(400);

    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/tickets/${id}/answer`,
      headers: adminH,
      payload: { answer: 'Cancelling 24 hours or more before the start is free; we refund you in full.' },
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'answered', answer: expect.stringContaining('refund') });
    const [reply] = await mailTo(family.email);
    expect(reply.subject).toBe(`Re: Refund question (${answered.json().reference})`);
    expect(reply.text).toContain('we refund you in full');
    expect(reply.text).toContain('Marsha, YaadCare support');
    const familyNotes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, family.id));
    expect(familyNotes.some((n) => n.kind === 'support_answer')).toBe(true);

    const byStatus = await t.app.inject({
      method: 'GET',
      url: '/api/admin/support/tickets?status=answered',
      headers: adminH,
    });
    expect(byStatus.json().items.every((i: { status: string }) => i.status === 'answered')).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/support/tickets?status=lost', headers: adminH }))
        .statusCode,
    ).toBe(400);

    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/tickets/${id}/close`,
      headers: adminH,
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().status).toBe('closed');
    expect(closed.json().closedAt).toEqual(expect.any(String));
    // Closed is final: no second close, no answer.
    for (const route of routes.slice(1)) {
      expect((await t.app.inject({ ...route, headers: adminH })).statusCode, route.url).toBe(409);
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/support/tickets/999999/close',
      headers: adminH,
    });
    expect(missing.statusCode).toBe(404);
  });
});
