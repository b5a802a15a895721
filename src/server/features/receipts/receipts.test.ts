import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveries, payments, receiptMails, subscriptionCharges } from '../../db/schema';
import { createBooking } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { signedIn } from '../../test/sign-in';
import { createCircle, join, request } from '../circles/testing';
import { markDemoReceiptsMailed } from './index';
import { receiptScenario } from './testing';

/** The app's clock: Friday 4 Dec 2026, noon in Jamaica. */
const NOW = new Date('2026-12-04T17:00:00Z');

type Scenario = Awaited<ReturnType<typeof receiptScenario>>;

describe.each(DB_KINDS)('receipts on %s', (kind) => {
  const t = useTestApp(kind, {}, () => NOW);
  let s: Scenario;
  beforeAll(async () => {
    s = await receiptScenario(t.database.db, NOW);
  });
  const get = (who: { headers: Record<string, string> } | undefined, u: string) =>
    request(t.app, 'GET', u, who);

  it('lists the family’s charge, tip, refund and plan charge, newest first; the caregiver’s visit money and payout', async () => {
    const res = await get(s.family, '/api/receipts');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.receipts.map((r: { number: string }) => r.number)).toEqual([
      s.numbers.plan,
      s.numbers.refund,
      s.numbers.tip,
      s.numbers.charge,
    ]);
    expect(body).toMatchObject({ page: 1, pageSize: 20, total: 4 });
    expect(body.receipts[3]).toMatchObject({
      kind: 'charge',
      amountCents: 630_000,
      amountText: 'J$ 6,300.00',
      dateText: '1 Dec 2026',
      detail: 'Andrea Clarke, visit of 1 Dec 2026',
    });

    const mine = (await get(s.caregiver, '/api/receipts')).json();
    expect(mine.receipts.map((r: { number: string }) => r.number)).toEqual([
      s.numbers.payout,
      s.numbers.refund,
      s.numbers.tip,
      s.numbers.charge,
    ]);
    expect((await get(s.otherFamily, '/api/receipts')).json().total).toBe(0);
    expect((await get(s.otherCaregiver, '/api/receipts')).json().total).toBe(0);
    expect((await get(undefined, '/api/receipts')).statusCode).toBe(401);
    expect((await get(s.family, '/api/receipts?page=0')).statusCode).toBe(400);
  });

  it('shows the payer a charge with the visit, hours, fee, card and an estimate in their currency with the rate’s date', async () => {
    const res = await get(s.family, `/api/receipts/${s.numbers.charge}`);
    expect(res.statusCode).toBe(200);
    const v = res.json();
    expect(v).toMatchObject({
      number: s.numbers.charge,
      side: 'payer',
      issuedText: '1 Dec 2026, 2:00 PM (Jamaica time)',
      amountCents: 630_000,
      platformFeeCents: 30_000,
      paidWith: 'Visa ending 4242',
      caregiverName: 'Andrea Clarke',
      bookingId: s.visit.id,
      estimate: { currency: 'CAD', rateDate: '2026-12-03' },
    });
    const rows = Object.fromEntries(v.rows.map((r: { label: string; value: string }) => [r.label, r.value]));
    expect(rows).toMatchObject({
      'Receipt number': s.numbers.charge,
      Caregiver: 'Andrea Clarke',
      Visit: '1 Dec 2026, 9:00 AM – 1:00 PM (Jamaica time), 4 hours',
      'Amount charged': 'J$ 6,300.00',
      'YaadCare service fee (included)': 'J$ 300.00',
      'Paid with': 'Visa ending 4242',
    });
    expect(rows['Estimate in CAD']).toBe(
      'about C$55.46 at J$ 113.60 per C$ on 3 Dec 2026 (an estimate: the amount is in J$)',
    );

    const refund = (await get(s.family, `/api/receipts/${s.numbers.refund}`)).json();
    expect(refund).toMatchObject({ kind: 'refund', amountText: 'J$ 4,200.00', paidWith: 'Bank transfer' });
    const plan = (await get(s.family, `/api/receipts/${s.numbers.plan}`)).json();
    expect(plan).toMatchObject({ kind: 'plan', amountText: 'J$ 999.00', detail: 'Family Plan' });
  });

  it('shows the caregiver their side without the family’s card, and their payout with the bank and what it paid', async () => {
    const v = (await get(s.caregiver, `/api/receipts/${s.numbers.charge}`)).json();
    expect(v).toMatchObject({ side: 'caregiver', paidWith: null, estimate: null, payerName: 'Simone Reid' });
    expect(JSON.stringify(v)).not.toContain('4242');
    expect(v.rows).toContainEqual({ label: 'Your earning', value: 'J$ 6,000.00' });
    const tip = (await get(s.caregiver, `/api/receipts/${s.numbers.tip}`)).json();
    expect(JSON.stringify(tip)).not.toContain('4242');

    const payout = (await get(s.caregiver, `/api/receipts/${s.numbers.payout}`)).json();
    expect(payout.rows).toContainEqual({ label: 'Paid to', value: 'NCB, account ending 6789' });
    expect(payout.items).toEqual([
      { id: expect.any(Number), label: 'Visit of 1 Dec 2026', value: 'J$ 6,000.00' },
    ]);
  });

  it('answers 404 to anyone a receipt does not concern, 401 to a visitor; admins read any', async () => {
    for (const n of Object.values(s.numbers)) {
      for (const who of [s.otherFamily, s.otherCaregiver]) {
        const res = await get(who, `/api/receipts/${n}`);
        expect(res.statusCode, `${n}`).toBe(404);
        expect((await get(who, `/api/receipts/${n}/pdf`)).statusCode).toBe(404);
      }
      expect((await get(undefined, `/api/receipts/${n}`)).statusCode).toBe(401);
      expect((await get(s.admin, `/api/receipts/${n}`)).statusCode).toBe(200);
    }
    // A family never reads a payout; a caregiver never reads a family's plan charge.
    expect((await get(s.family, `/api/receipts/${s.numbers.payout}`)).statusCode).toBe(404);
    expect((await get(s.caregiver, `/api/receipts/${s.numbers.plan}`)).statusCode).toBe(404);
    expect((await get(s.family, '/api/receipts/YC-C-999999')).statusCode).toBe(404);
    expect((await get(s.family, '/api/receipts/nonsense')).statusCode).toBe(400);
    expect((await get(s.family, '/api/receipts/YC-C-99999999999')).statusCode).toBe(400);
  });

  it('shows a circle’s charge to its payers and coordinators without the payer’s card; viewers and strangers 404', async () => {
    const db = t.database.db;
    const coordinator = await signedIn(db, { userType: 'family', firstName: 'Devon' });
    const circle = await createCircle(t.app, coordinator);
    const payer = await join(t.app, db, circle.id, coordinator, 'payer', { firstName: 'Marcia' });
    const viewer = await join(t.app, db, circle.id, coordinator, 'viewer');
    const booking = await createBooking(db, {
      familyId: coordinator.user.id,
      circleId: circle.id,
      caregiverId: s.caregiver.caregiver.id,
      date: '2026-12-02',
      status: 'completed',
      approvalState: 'approved',
    });
    const [p] = await db
      .insert(payments)
      .values({
        bookingId: booking.id,
        familyId: payer.user.id,
        method: 'card',
        status: 'captured',
        amount: '3150.00',
        capturedAmount: '3150.00',
        cardBrand: 'mastercard',
        cardLast4: '5454',
        idempotencyKey: 'receipt-circle-test',
        requestHash: 'test',
      })
      .returning();
    const n = `YC-C-${String(p.id).padStart(6, '0')}`;
    const asPayer = (await get(payer, `/api/receipts/${n}`)).json();
    expect(asPayer).toMatchObject({ side: 'payer', paidWith: 'Mastercard ending 5454' });
    const asCoordinator = await get(coordinator, `/api/receipts/${n}`);
    expect(asCoordinator.statusCode).toBe(200);
    expect(asCoordinator.json()).toMatchObject({
      side: 'circle',
      paidWith: null,
      payerName: expect.stringMatching(/^Marcia /),
    });
    expect(asCoordinator.body).not.toContain('5454');
    expect(
      (await get(coordinator, '/api/receipts')).json().receipts.map((r: { number: string }) => r.number),
    ).toContain(n);
    expect((await get(viewer, `/api/receipts/${n}`)).statusCode).toBe(404);
    expect((await get(viewer, '/api/receipts')).json().total).toBe(0);
    expect((await get(s.family, `/api/receipts/${n}`)).statusCode).toBe(404);
    await db.delete(payments).where(eq(payments.id, p.id));
  });

  it('downloads as a PDF with the receipt number and the amount', async () => {
    const res = await get(s.family, `/api/receipts/${s.numbers.charge}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="yaadcare-receipt-${s.numbers.charge}.pdf"`,
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(s.numbers.charge);
    expect(text).toContain('J$ 6,300.00');
    expect(text).toContain('Visa ending 4242');
    const cg = pdfText((await get(s.caregiver, `/api/receipts/${s.numbers.charge}/pdf`)).rawPayload);
    expect(cg).toContain('J$ 6,300.00');
    expect(cg).not.toContain('4242');
  });

  it('queues each receipt’s e-mail once, to the payer (the caregiver for a payout), by their preferences', async () => {
    const db = t.database.db;
    const quiet = await signedIn(db, { userType: 'family' });
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/notification-preferences',
      headers: quiet.headers,
      payload: { messages: true, bookings: false, reviews: true, support: true },
    });
    expect(off.statusCode).toBe(200);
    await db.insert(subscriptionCharges).values({
      userId: quiet.user.id,
      plan: 'premium',
      kind: 'first',
      status: 'paid',
      amount: '1999.00',
      createdAt: new Date(NOW.getTime() - 3_600_000),
    });
    const first = await t.app.services.receipts.mailDue(NOW);
    expect(first.queued).toBeGreaterThanOrEqual(5);
    expect((await t.app.services.receipts.mailDue(NOW)).queued).toBe(0);
    // Later the same day, nothing new: still nothing.
    expect((await t.app.services.receipts.mailDue(new Date(NOW.getTime() + 3_600_000))).queued).toBe(0);

    const mails = async (userId: number) =>
      db
        .select({ subject: deliveries.subject, body: deliveries.body, channel: deliveries.channel })
        .from(deliveries)
        .where(and(eq(deliveries.userId, userId), eq(deliveries.kind, 'payment.receipt')));
    const familyMails = await mails(s.family.user.id);
    expect(familyMails.map((m) => m.subject).sort()).toEqual(
      [
        `YaadCare receipt ${s.numbers.charge}: J$ 6,300.00`,
        `YaadCare receipt ${s.numbers.tip}: J$ 1,000.00`,
        `YaadCare receipt ${s.numbers.refund}: J$ 4,200.00`,
        `YaadCare receipt ${s.numbers.plan}: J$ 999.00`,
      ].sort(),
    );
    expect(familyMails.every((m) => m.channel === 'email')).toBe(true);
    const chargeMail = familyMails.find((m) => m.subject?.includes(s.numbers.charge));
    expect(chargeMail?.body).toContain('Paid with: Visa ending 4242');
    expect(chargeMail?.body).toContain('about C$55.46');
    expect(chargeMail?.body).toContain(`/receipts/${s.numbers.charge}`);
    const cgMails = await mails(s.caregiver.user.id);
    expect(cgMails.map((m) => m.subject)).toEqual([`YaadCare receipt ${s.numbers.payout}: J$ 6,000.00`]);
    expect(cgMails[0]?.body).toContain('NCB, account ending 6789');
    // Booking e-mails off: the receipt is claimed (in-app notice only), no e-mail.
    expect(await mails(quiet.user.id)).toEqual([]);
    const claimed = await db.select().from(receiptMails).where(like(receiptMails.number, 'YC-%'));
    expect(new Set(claimed.map((c) => `${c.number}/${c.userId}`)).size).toBe(claimed.length);

    const exported = await request(t.app, 'GET', '/api/me/export', s.caregiver);
    expect(exported.json().receiptMails).toEqual([{ number: s.numbers.payout, queuedAt: NOW.toISOString() }]);

    // Money moved before the look-back window is not mailed (a new server does not mail old history).
    const later = new Date(NOW.getTime() + 80 * 3_600_000);
    expect((await t.app.services.receipts.mailDue(later)).queued).toBe(0);
  });
});

describe.each(DB_KINDS)('demo receipts on %s', (kind) => {
  const t = useTestApp(kind, {}, () => NOW);

  it('counts seeded money as mailed: a demo server’s first run mails no receipt', async () => {
    await receiptScenario(t.database.db, NOW);
    await markDemoReceiptsMailed(t.database.db, NOW);
    expect((await t.app.services.receipts.mailDue(NOW)).queued).toBe(0);
  });
});
