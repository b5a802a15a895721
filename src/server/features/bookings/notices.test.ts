import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '../../adapters/payments';
import { mailOutbox, notifications } from '../../db/schema';
import { runJob } from '../../jobs/scheduler';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { setEmailPreferences } from '../notifications/preferences';
import { sandboxToken } from '../payments/testing';
import { bookingLifecycleJob } from './jobs';
import { daysAhead, panelBody, requestBooking, shiftBooking } from './testing';

const HOUR = 3_600_000;
const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
);

/** Issue 15: a family (and the caregiver) hear of every step of a booking, in-app and by e-mail. */
describe.each(DB_KINDS)('booking notices on %s', (kind) => {
  const t = useTestApp(kind);

  const notesOf = (userId: number) =>
    t.db.select().from(notifications).where(eq(notifications.userId, userId));
  const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const act = (id: number, action: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/bookings/${id}/${action}`, headers, payload: {} });
  const pay = (headers: Record<string, string>, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: body,
    });

  /** A family's 2-hour request at 9:00 AM with a J$ 1,500/h caregiver: J$ 3,000 + J$ 150 fee = J$ 3,150. */
  async function requested(opts: { noBookingEmails?: boolean } = {}) {
    const family = await signedIn(t.db, { userType: 'family' });
    if (opts.noBookingEmails) {
      await setEmailPreferences(t.db, family.user.id, {
        messages: true,
        bookings: false,
        reviews: true,
        support: true,
      });
    }
    const cg = await signedInCaregiver(t.db, { hourlyRate: 1500 });
    const date = daysAhead(9);
    const res = await requestBooking(t.app, family.headers, panelBody(cg.caregiver.id, date, '9:00 AM', 2));
    expect(res.statusCode).toBe(201);
    const id = res.json().id as number;
    const caregiverName = `${cg.user.firstName} ${cg.user.lastName.slice(0, 1)}.`;
    // The booking's own facts, as a reader would look for them (not via the code under test).
    const day = `${Number(date.slice(8))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;
    return { family, cg, id, date, day, caregiverName };
  }
  type Booked = Awaited<ReturnType<typeof requested>>;

  /** The one notice of `kind` each party got, and the e-mail with that title; both name the booking. */
  async function expectNotice(
    b: Booked,
    kind: string,
    expected: { family: string; caregiver: string },
    opts: { familyMail?: boolean } = {},
  ) {
    const time = '9:00 AM–11:00 AM';
    for (const side of ['family', 'caregiver'] as const) {
      const user = b[side === 'family' ? 'family' : 'cg'].user;
      const notes = (await notesOf(user.id)).filter((n) => n.kind === kind);
      expect(
        notes.map((n) => n.title),
        `${side} in-app ${kind}`,
      ).toEqual([expected[side]]);
      const amount = side === 'family' ? 'J$ 3,150' : 'J$ 3,000';
      expect(notes[0].body).toContain(b.day);
      expect(notes[0].body).toContain(time);
      expect(notes[0].body).toContain(amount);
      if (side === 'family') expect(notes[0].body).toContain(b.caregiverName);
      const mails = (await mailsTo(user.email)).filter((m) => m.subject.includes(expected[side]));
      if (side === 'family' && opts.familyMail === false) {
        expect(mails).toHaveLength(0);
        continue;
      }
      expect(mails, `${side} e-mail ${kind}`).toHaveLength(1);
      for (const fact of [b.day, time, 'Jamaica time', b.caregiverName, amount, notes[0].body]) {
        expect(mails[0].text).toContain(fact);
      }
    }
  }

  it('a request: "Request sent to {caregiver}" to the family, "New booking request" to the caregiver, nobody else', async () => {
    const stranger = await signedIn(t.db, { userType: 'family' });
    const b = await requested();
    await expectNotice(b, 'booking.pending', {
      family: `Request sent to ${b.caregiverName}`,
      caregiver: 'New booking request',
    });
    expect(await notesOf(stranger.user.id)).toHaveLength(0);
    expect(await mailsTo(stranger.user.email)).toHaveLength(0);
  });

  it('accepted and declined: both parties hear it, with the date, time, caregiver and amount', async () => {
    const accepted = await requested();
    expect((await act(accepted.id, 'accept', accepted.cg.headers)).statusCode).toBe(200);
    await expectNotice(accepted, 'booking.confirmed', {
      family: 'Booking confirmed',
      caregiver: 'Booking confirmed',
    });
    const declined = await requested();
    expect((await act(declined.id, 'decline', declined.cg.headers)).statusCode).toBe(200);
    await expectNotice(declined, 'booking.declined', {
      family: 'Booking declined',
      caregiver: 'Booking declined',
    });
    // Each booking's notices went to its own parties only.
    expect((await notesOf(accepted.family.user.id)).some((n) => n.kind === 'booking.declined')).toBe(false);
  });

  it('expired: an unanswered request tells both parties', async () => {
    const b = await requested();
    await shiftBooking(t.db, b.id, new Date(Date.now() + 5 * HOUR), new Date(Date.now() - 25 * HOUR));
    await runJob(t.app, bookingLifecycleJob);
    // The job moved the booking's start; its date and time stay those booked.
    await expectNotice(b, 'booking.expired', {
      family: 'Booking request expired',
      caregiver: 'Booking request expired',
    });
  });

  it('paid by card: "Card held" to the family, "Booking paid" to the caregiver; a declined card sends nothing', async () => {
    const declined = await requested();
    const no = await pay(declined.family.headers, {
      bookingId: declined.id,
      method: 'card',
      paymentToken: await sandboxToken(t.app, SANDBOX_CARDS.declined),
    });
    expect(no.statusCode).toBe(402);
    expect((await notesOf(declined.family.user.id)).some((n) => n.kind === 'booking.paid')).toBe(false);
    expect((await notesOf(declined.cg.user.id)).some((n) => n.kind === 'booking.paid')).toBe(false);

    const b = await requested();
    const res = await pay(b.family.headers, {
      bookingId: b.id,
      method: 'card',
      paymentToken: await sandboxToken(t.app),
    });
    expect(res.statusCode).toBe(201);
    await expectNotice(b, 'booking.paid', { family: 'Card held', caregiver: 'Booking paid' });
    const [held] = (await notesOf(b.family.user.id)).filter((n) => n.kind === 'booking.paid');
    expect(held.body).toContain('J$ 3,150 is held on your Visa •••• 4242; you are charged after the visit.');
  });

  it('a late cancellation paid afterwards: "Charged" with the fee to the family, "Booking paid" to the caregiver', async () => {
    const b = await requested();
    expect((await act(b.id, 'accept', b.cg.headers)).statusCode).toBe(200);
    // Cancelled 5 h before the start without a payment: half the J$ 3,000 subtotal is owed.
    await shiftBooking(t.db, b.id, new Date(Date.now() + 5 * HOUR));
    expect((await act(b.id, 'cancel', b.family.headers)).statusCode).toBe(200);
    const cancelled = (await notesOf(b.family.user.id)).filter((n) => n.kind === 'booking.cancelled');
    expect(cancelled.map((n) => n.body)).toEqual([
      expect.stringContaining('A late-cancellation fee of J$ 1,500 goes to the caregiver.'),
    ]);
    const res = await pay(b.family.headers, {
      bookingId: b.id,
      method: 'card',
      paymentToken: await sandboxToken(t.app),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('captured');
    const [family] = (await notesOf(b.family.user.id)).filter((n) => n.kind === 'booking.paid');
    expect(family).toMatchObject({ title: 'Charged' });
    expect(family.body).toContain(`J$ 1,500 was charged for your booking with ${b.caregiverName} on `);
    expect(family.body).toContain(`${b.day}, 9:00 AM–11:00 AM`);
    const [caregiver] = (await notesOf(b.cg.user.id)).filter((n) => n.kind === 'booking.paid');
    expect(caregiver.body).toContain('paid the J$ 1,500 owed');
    expect(caregiver.body).not.toContain('You earn J$ 3,000');
  });

  it('paid by bank transfer: the instructions with the reference, then "Payment received" when it arrives', async () => {
    const b = await requested();
    const res = await pay(b.family.headers, { bookingId: b.id, method: 'bank' });
    expect(res.statusCode).toBe(201);
    const reference = res.json().reference as string;
    await expectNotice(b, 'booking.paid', {
      family: 'Transfer instructions',
      caregiver: 'Payment on its way',
    });
    const [mail] = (await mailsTo(b.family.user.email)).filter((m) => m.subject.includes('Transfer'));
    expect(mail.text).toContain(`Send J$ 3,150 by bank transfer`);
    expect(mail.text).toContain(reference);

    const admin = await signedIn(t.db, { userType: 'admin' });
    const mark = await t.injectAs(admin, {
      method: 'POST',
      url: `/api/admin/payments/${res.json().id}/received`,
    });
    expect(mark.statusCode).toBe(200);
    const received = (await notesOf(b.family.user.id)).filter((n) => n.title === 'Payment received');
    expect(received).toHaveLength(1);
    expect(received[0].body).toContain(`We received your J$ 3,150 transfer (${reference})`);
    expect(received[0].body).toContain(b.caregiverName);
    expect((await mailsTo(b.family.user.email)).some((m) => m.subject.includes('Payment received'))).toBe(
      true,
    );
    expect((await notesOf(b.cg.user.id)).filter((n) => n.title === 'Booking paid')).toHaveLength(1);
  });

  it('with "Booking updates" e-mails off the family still gets every in-app notice but no booking e-mail', async () => {
    const b = await requested({ noBookingEmails: true });
    expect((await act(b.id, 'accept', b.cg.headers)).statusCode).toBe(200);
    const paid = await pay(b.family.headers, {
      bookingId: b.id,
      method: 'card',
      paymentToken: await sandboxToken(t.app),
    });
    expect(paid.statusCode).toBe(201);
    const cgName = b.caregiverName;
    await expectNotice(
      b,
      'booking.pending',
      { family: `Request sent to ${cgName}`, caregiver: 'New booking request' },
      { familyMail: false },
    );
    await expectNotice(
      b,
      'booking.confirmed',
      { family: 'Booking confirmed', caregiver: 'Booking confirmed' },
      { familyMail: false },
    );
    await expectNotice(
      b,
      'booking.paid',
      { family: 'Card held', caregiver: 'Booking paid' },
      { familyMail: false },
    );
    expect(await mailsTo(b.family.user.email)).toHaveLength(0);
  });
});
