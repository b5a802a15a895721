import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { SandboxProvider } from '../../adapters/payments';
import { ledgerRepo } from '../../core/ledger/repo';
import { bookingEvents, bookings, ledgerEntries, notifications, payments } from '../../db/schema';
import { runJob } from '../../jobs/scheduler';
import { createApprovedVerification } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { daysAhead, panelBody, requestBooking } from '../bookings/testing';
import { backupCandidates } from '../caregiver-directory/service';
import { backupHoldsJob } from '../payments/jobs';
import { sandboxToken } from '../payments/testing';
import { visitTimes } from '../visits/service';
import { createBackupService } from './service';

const HOUR = 3_600_000;
type Headers = Record<string, string>;

describe.each(DB_KINDS)('backup offers and the one-tap rebook on %s', (kind) => {
  let clock = new Date();
  const t = useTestApp(kind, {}, () => clock);
  const sandbox = () => t.app.payments as SandboxProvider;

  /** A verified caregiver of `care` at `rate`, living in `town` (`parish`). */
  async function candidate(care: string, rate: number, town: string, parish: string, verified = true) {
    const c = await signedInCaregiver(t.db, {
      hourlyRate: rate,
      kinds: [care],
      user: { location: town, parish, firstName: `Cg${rate}${town.slice(0, 3)}`, lastName: 'Brown' },
    });
    if (verified) await createApprovedVerification(t.db, c.user.id);
    return c;
  }

  /** A family in Kingston with a confirmed booking (rate 1000, 4 h, J$ 4,200) held on a card. */
  async function paidConfirmed(care: string, days: number) {
    const family = await signedIn(t.db, { userType: 'family', location: 'Kingston', parish: 'Kingston' });
    const cg = await candidate(care, 1000, 'Kingston', 'Kingston');
    const made = await requestBooking(t.app, family.headers, {
      ...panelBody(cg.caregiver.id, daysAhead(days), '9:00 AM', 4),
      notes: 'Mummy takes her tablets at noon.',
    });
    expect(made.statusCode).toBe(201);
    const booking = made.json() as { id: number; startsAt: string };
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/payments',
      headers: { ...family.headers, 'idempotency-key': randomUUID() },
      payload: { bookingId: booking.id, method: 'card', paymentToken: await sandboxToken(t.app) },
    });
    expect(paid.statusCode).toBe(201);
    expect((await act(booking.id, 'accept', cg.headers)).statusCode).toBe(200);
    return { family, cg, booking };
  }

  const act = (id: number, action: string, headers: Headers) =>
    t.app.inject({ method: 'POST', url: `/api/bookings/${id}/${action}`, headers });
  const offers = (id: number, headers?: Headers) =>
    t.app.inject({ method: 'GET', url: `/api/bookings/${id}/backups`, headers });
  const rebook = (id: number, caregiverId: unknown, headers?: Headers) =>
    t.app.inject({ method: 'POST', url: `/api/bookings/${id}/rebook`, headers, payload: { caregiverId } });
  const paymentsOf = (bookingId: number) =>
    t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
  const account = async (bookingId: number, name: string) =>
    (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId)))
      .filter((e) => e.account === name)
      .reduce((s, e) => s + Math.round(Number(e.amount) * 100), 0);

  it('a caregiver’s cancellation keeps the hold, offers three backups nearest first, and one tap (twice) rebooks with ONE hold', async () => {
    clock = new Date();
    const { family, cg, booking } = await paidConfirmed('senior-care', 2);
    const sameTown = await candidate('senior-care', 900, 'Kingston', 'Kingston');
    const sameParish = await candidate('senior-care', 1200, 'Rollington Town', 'Kingston');
    const near = await candidate('senior-care', 1000, 'Half Way Tree', 'St. Andrew');
    const far = await candidate('senior-care', 800, 'Spanish Town', 'St. Catherine'); // not next to Kingston
    await candidate('senior-care', 1000, 'Kingston', 'Kingston', false); // not verified
    await candidate('senior-care', 1300, 'Kingston', 'Kingston'); // over 20 % above the rate
    await candidate('tutors', 1000, 'Kingston', 'Kingston'); // another kind of care
    const busy = await candidate('senior-care', 1000, 'Kingston', 'Kingston');
    const other = await signedIn(t.db, { userType: 'family' });
    const clash = await requestBooking(
      t.app,
      other.headers,
      panelBody(busy.caregiver.id, daysAhead(2), '11:00 AM', 2),
    );
    expect(clash.statusCode).toBe(201);

    // Before any drop-out: nothing to offer.
    expect((await offers(booking.id, family.headers)).json()).toMatchObject({ open: false, offers: [] });
    expect((await act(booking.id, 'cancel', cg.headers)).statusCode).toBe(200);

    // The hold stays (authorised, in the ledger) and the family is told where the offers are.
    const [held] = await paymentsOf(booking.id);
    expect(held).toMatchObject({ status: 'authorized', amount: '4200.00' });
    expect(await account(booking.id, 'booking_hold')).toBe(420000);
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, family.user.id), eq(notifications.kind, 'booking.cancelled')));
    expect(notice.link).toBe(`/bookings/${booking.id}/backups`);
    expect(notice.body).toMatch(
      /Your hold of J\$ 4,200 stays until \d+:\d\d [AP]M on \w+,? \d+ \w+ in case you choose a backup; otherwise it is released in full\./,
    );

    const res = await offers(booking.id, family.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ open: true, cause: 'caregiver_cancelled', rebookedTo: null });
    expect(body.hold.amount).toBe('4200.00');
    expect(body.offers.map((o: { caregiverId: number }) => o.caregiverId)).toEqual([
      sameTown.caregiver.id,
      sameParish.caregiver.id,
      near.caregiver.id,
    ]);
    expect(body.offers[0]).toMatchObject({
      lastInitial: 'B',
      town: 'Kingston',
      hourlyRate: '900.00',
      totalCost: '3780.00',
      reason: 'Same town · within your rate',
    });
    expect(body.offers[1].reason).toBe('Same parish · J$ 200 an hour more than your rate');
    expect(body.offers[2].reason).toBe('Next parish: St. Andrew · within your rate');
    expect(body.offers.map((o: { travel: string }) => o.travel)).toEqual([
      'Same parish',
      'Same parish',
      'Next parish: St. Andrew',
    ]);

    // Someone not offered (further away) is refused; then a double tap on the first makes one booking.
    const refused = await rebook(booking.id, far.caregiver.id, family.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('BACKUP_NOT_OFFERED');
    const authorizations = sandbox().stats.authorizeCalls;
    const taps = await Promise.all([
      rebook(booking.id, sameTown.caregiver.id, family.headers),
      rebook(booking.id, sameTown.caregiver.id, family.headers),
    ]);
    expect(taps.map((r) => r.statusCode)).toEqual([200, 200]);
    const newId = taps[0].json().booking.id;
    expect(taps[1].json().booking.id).toBe(newId);
    const first = taps.find((r) => r.json().hold.outcome === 'moved')?.json();
    expect(first.hold).toEqual({ outcome: 'moved', amount: '3780.00', released: '420.00' });
    expect(first.booking).toMatchObject({
      status: 'pending',
      rebookedFrom: booking.id,
      caregiverId: sameTown.caregiver.id,
      hourlyRate: '900.00',
      totalCost: '3780.00',
      notes: 'Mummy takes her tablets at noon.',
      startsAt: booking.startsAt,
    });
    const rebooked = await t.db.select().from(bookings).where(eq(bookings.rebookedFrom, booking.id));
    expect(rebooked).toHaveLength(1);

    // ONE hold: no new authorization; the same payment row now stands for the backup, J$ 420 released.
    expect(sandbox().stats.authorizeCalls).toBe(authorizations);
    const all = await t.db.select().from(payments).where(eq(payments.familyId, family.user.id));
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: held.id, bookingId: newId, status: 'authorized', amount: '3780.00' });
    expect(sandbox().holds.get(held.providerRef ?? '')?.amount).toBe(378000);
    expect(await account(booking.id, 'booking_hold')).toBe(0);
    expect(await account(newId, 'booking_hold')).toBe(378000);
    expect(await ledgerRepo.unbalancedTxns(t.db)).toEqual([]);
    expect((await ledgerRepo.totals(t.db)).all).toBe(0);

    // Rebooked: closed, naming the backup; another caregiver now is a 409; the job leaves the moved hold.
    expect((await offers(booking.id, family.headers)).json()).toMatchObject({
      open: false,
      rebookedTo: newId,
    });
    expect((await rebook(booking.id, sameParish.caregiver.id, family.headers)).json().code).toBe(
      'BOOKING_ALREADY_REBOOKED',
    );
    await runJob(t.app, backupHoldsJob, new Date(Date.now() + 4 * HOUR));
    expect((await paymentsOf(newId))[0].status).toBe('authorized');
    const [urgent] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, sameTown.user.id), eq(notifications.kind, 'booking.pending')));
    expect(urgent.title).toBe('Urgent: backup request');
  });

  it('keeps to the same or the next parish: a Lucea (Hanover) caregiver is not offered for Half Way Tree (St. Andrew); one from St. Catherine is, as the next parish', async () => {
    clock = new Date();
    const family = await signedIn(t.db, {
      userType: 'family',
      location: 'Half Way Tree',
      parish: 'St. Andrew',
    });
    const cg = await candidate('babysitters', 1000, 'Half Way Tree', 'St. Andrew');
    const made = await requestBooking(
      t.app,
      family.headers,
      panelBody(cg.caregiver.id, daysAhead(6), '9:00 AM', 3),
    );
    expect(made.statusCode).toBe(201);
    const id = (made.json() as { id: number }).id;
    expect((await act(id, 'accept', cg.headers)).statusCode).toBe(200);
    const lucea = await candidate('babysitters', 900, 'Lucea', 'Hanover');
    const spanishTown = await candidate('babysitters', 1000, 'Spanish Town', 'St. Catherine');
    expect((await act(id, 'cancel', cg.headers)).statusCode).toBe(200);
    const body = (await offers(id, family.headers)).json();
    expect(body.open).toBe(true);
    expect(body.offers.map((o: { caregiverId: number }) => o.caregiverId)).toEqual([
      spanishTown.caregiver.id,
    ]);
    expect(body.offers[0]).toMatchObject({
      travel: 'Next parish: St. Catherine',
      reason: 'Next parish: St. Catherine · within your rate',
    });
    const refused = await rebook(id, lucea.caregiver.id, family.headers);
    expect(refused.json().code).toBe('BACKUP_NOT_OFFERED');
  });

  it('only the family side may read or take offers', async () => {
    clock = new Date();
    const { family, cg, booking } = await paidConfirmed('special-needs', 3);
    expect((await act(booking.id, 'cancel', cg.headers)).statusCode).toBe(200);
    const stranger = await signedIn(t.db, { userType: 'family' });
    const otherCg = await signedInCaregiver(t.db);
    const admin = await signedIn(t.db, { userType: 'admin' });
    expect((await offers(booking.id)).statusCode).toBe(401);
    expect((await rebook(booking.id, 1)).statusCode).toBe(401);
    for (const who of [cg, otherCg, admin]) {
      expect((await offers(booking.id, who.headers)).statusCode).toBe(403);
      expect((await rebook(booking.id, 1, who.headers)).statusCode).toBe(403);
    }
    expect((await offers(booking.id, stranger.headers)).statusCode).toBe(404);
    expect((await rebook(booking.id, 1, stranger.headers)).statusCode).toBe(404);
    expect((await offers(999_999, family.headers)).statusCode).toBe(404);
    for (const bad of ['x', -1, null, 1.5])
      expect((await rebook(booking.id, bad, family.headers)).statusCode).toBe(400);
    expect((await offers(booking.id, family.headers)).json()).toMatchObject({ open: true, offers: [] });
  });

  it('a hold nobody used is kept until the family’s next morning a day on (cancelled 2 AM, visit 4 days ahead), then released in full by the job', async () => {
    // The last 2:00 AM in Jamaica (07:00Z) before now: the caregiver cancels then.
    const jm2am = new Date();
    jm2am.setUTCHours(7, 0, 0, 0);
    if (jm2am.getTime() > Date.now()) jm2am.setUTCDate(jm2am.getUTCDate() - 1);
    clock = new Date();
    const { family, cg, booking } = await paidConfirmed('janitors', 4);
    clock = jm2am;
    expect((await act(booking.id, 'cancel', cg.headers)).statusCode).toBe(200);
    // A day on is 2:00 AM, in the family's night: kept until 9:00 AM Jamaica (14:00Z) that morning.
    const until = new Date(jm2am.getTime() + 31 * HOUR);
    expect(until.toISOString()).toMatch(/T14:00:00\.000Z$/);
    const body = (await offers(booking.id, family.headers)).json();
    expect(body.hold).toEqual({ amount: '4200.00', until: until.toISOString() });
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, family.user.id), eq(notifications.kind, 'booking.cancelled')));
    expect(notice.body).toContain('Your hold of J$ 4,200 stays until 9:00 AM on');
    await runJob(t.app, backupHoldsJob, new Date(jm2am.getTime() + 3 * HOUR + 60_000));
    await runJob(t.app, backupHoldsJob, new Date(until.getTime() - 60_000));
    expect((await paymentsOf(booking.id))[0].status).toBe('authorized');
    await runJob(t.app, backupHoldsJob, new Date(until.getTime() + 60_000));
    const [released] = await paymentsOf(booking.id);
    expect(released).toMatchObject({ status: 'voided', refundedAmount: '4200.00' });
    expect(sandbox().holds.get(released.providerRef ?? '')?.voided).toBe(true);
    expect(await account(booking.id, 'booking_hold')).toBe(0);
    expect(await account(booking.id, 'family_source')).toBe(0);
    expect(await account(booking.id, 'caregiver_payable')).toBe(0);
    await runJob(t.app, backupHoldsJob, new Date(until.getTime() + 5 * HOUR)); // nothing twice
    expect(await account(booking.id, 'family_source')).toBe(0);
  });

  it('a no-show opens offers 15 minutes after the start; the rebook ends it as a no-show and the backup may accept late', async () => {
    const { family, booking } = await paidConfirmed('housekeepers', 5);
    const start = new Date(booking.startsAt).getTime();
    const a = await candidate('housekeepers', 1000, 'Kingston', 'Kingston');
    const b = await candidate('housekeepers', 1100, 'Kingston', 'Kingston');
    clock = new Date(start + 10 * 60_000);
    expect((await offers(booking.id, family.headers)).json()).toMatchObject({ open: false, cause: null });
    clock = new Date(start + 20 * 60_000);
    const open = (await offers(booking.id, family.headers)).json();
    expect(open).toMatchObject({ open: true, cause: 'no_show', hold: { amount: '4200.00', until: null } });
    expect(open.offers.map((o: { caregiverId: number }) => o.caregiverId)).toEqual([
      a.caregiver.id,
      b.caregiver.id,
    ]);

    // The injected reliability rank orders caregivers of the same place (the lead wires the real one).
    const ranked = createBackupService({
      db: t.db,
      mailer: t.app.mailer,
      bookings: { ...t.app.services.bookings.backupRequests, get: t.app.services.bookings.get },
      holds: t.app.services.backupHolds,
      now: () => clock,
      reliabilityRank: async () => new Map([[b.caregiver.id, 9]]),
      candidates: backupCandidates,
      visits: visitTimes,
    });
    const byRank = await ranked.offers(
      { id: family.user.id, userType: 'family', firstName: 'x' },
      booking.id,
    );
    expect(byRank.offers.map((o) => o.caregiverId)).toEqual([b.caregiver.id, a.caregiver.id]);

    const res = await rebook(booking.id, a.caregiver.id, family.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().hold).toEqual({ outcome: 'moved', amount: '4200.00', released: '0.00' });
    const [original] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(original).toMatchObject({ status: 'cancelled', cancelReason: 'no_show', cancelledBy: null });
    const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id));
    expect(events.at(-1)).toMatchObject({
      fromStatus: 'confirmed',
      toStatus: 'cancelled',
      actorUserId: null,
    });
    expect(await account(booking.id, 'booking_hold')).toBe(0);
    // The backup answers after the start (a late arrival still helps), within its 2-hour window.
    const newId = res.json().booking.id;
    expect((await act(newId, 'accept', a.headers)).statusCode).toBe(200);
    clock = new Date(start + 3 * HOUR);
    expect((await offers(booking.id, family.headers)).json()).toMatchObject({
      open: false,
      rebookedTo: newId,
    });
  });
});
