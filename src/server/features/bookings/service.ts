import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AUTO_COMPLETE_HOURS,
  BOOKING_MESSAGES,
  type BookingListQuery,
  type BookingView,
  type CreateBookingRequest,
  cancellationTerms,
  clock24,
  FIRST_START_HOUR,
  jamaicaInstantAt,
  LAST_START_HOUR,
  PANEL_DURATIONS,
  PENDING_EXPIRY_HOURS,
  parseClock,
} from '../../../shared/contracts/bookings';
import { centsToDecimal, priceBooking, toCents } from '../../../shared/money';
import { jamaicaToday } from '../../../shared/time';
import type { Mail, Mailer } from '../../adapters/mailer';
import type { Db, Tx } from '../../db/client';
import { bookings } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth/sessions';
// Payments settle money on every transition (a listener registered when that module loads).
import '../payments/settlement';
import { type BookingRow, type BookingStatus, emitBookingTransition } from './events';
import { notifyBookingParties } from './notices';
import { type BookingJoined, bookingRepo, isExclusionViolation } from './repo';

type Actor = Pick<SessionUser, 'id' | 'userType' | 'firstName'>;
type CreateInput = z.output<typeof CreateBookingRequest>;
type ListInput = z.output<typeof BookingListQuery>;

export interface BookingDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now?: () => Date;
}

const HOUR = 3_600_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export { describeWhen } from './notices';

export function toBookingView(row: BookingJoined, viewer: Pick<Actor, 'id' | 'userType'>): BookingView {
  const b = row.b;
  const rate = toCents(b.hourlyRate);
  const price = priceBooking(rate, b.duration);
  const isFamily = viewer.id === b.familyId;
  const showPhone = isFamily || viewer.userType === 'admin' || b.status === 'confirmed';
  const p = row.payment;
  return {
    id: b.id,
    familyId: b.familyId,
    caregiverId: b.caregiverId,
    status: b.status,
    date: b.date,
    startTime: b.startTime,
    endTime: b.endTime,
    duration: b.duration,
    totalHours: b.duration,
    startsAt: b.startsAt.toISOString(),
    endsAt: b.endsAt.toISOString(),
    hourlyRate: b.hourlyRate,
    rate: b.hourlyRate,
    subtotal: centsToDecimal(price.subtotal),
    platformFee: b.platformFee,
    totalCost: b.totalCost,
    totalAmount: b.totalCost,
    notes: b.notes,
    type: row.cg.kinds[0] ?? null,
    createdAt: b.createdAt.toISOString(),
    confirmedAt: iso(b.confirmedAt),
    declinedAt: iso(b.declinedAt),
    expiredAt: iso(b.expiredAt),
    cancelledAt: iso(b.cancelledAt),
    cancelledBy: b.cancelledBy,
    completedAt: iso(b.completedAt),
    caregiver: {
      caregiverId: row.cg.id,
      userId: row.cg.userId,
      firstName: row.cu.firstName,
      lastName: row.cu.lastName,
      profileImageUrl: row.cu.profileImageUrl,
      location: row.cu.location,
    },
    family: {
      userId: row.fu.id,
      firstName: row.fu.firstName,
      lastName: row.fu.lastName,
      profileImageUrl: row.fu.profileImageUrl,
      location: row.fu.location,
      phone: showPhone ? row.fu.phone : null,
    },
    payment: p
      ? {
          id: p.id,
          method: p.method,
          status: p.status,
          amount: p.amount,
          cardBrand: p.cardBrand,
          cardLast4: p.cardLast4,
          reference: p.reference,
        }
      : null,
  };
}

interface ParsedTimes {
  startMinutes: number;
  duration: number;
}

/** Both payload shapes of spec §3 → start and whole-hour duration, or a 400 naming the rule broken. */
export function parseBookingTimes(body: CreateInput): ParsedTimes {
  const start = parseClock(body.startTime);
  if (
    start === undefined ||
    start % 60 !== 0 ||
    start / 60 < FIRST_START_HOUR ||
    start / 60 > LAST_START_HOUR
  ) {
    throw badRequest(BOOKING_MESSAGES.startHour, [
      { path: 'startTime', message: BOOKING_MESSAGES.startHour },
    ]);
  }
  if (body.duration !== undefined) {
    // The profile panel: one of the listed durations (the end may run past midnight).
    if (!(PANEL_DURATIONS as readonly number[]).includes(body.duration)) {
      throw badRequest(BOOKING_MESSAGES.duration, [{ path: 'duration', message: BOOKING_MESSAGES.duration }]);
    }
    return { startMinutes: start, duration: body.duration };
  }
  // The confirmation screen: an end time the same day, on the hour, at least an hour after the start.
  const end = body.endTime === undefined ? undefined : parseClock(body.endTime);
  if (end === undefined) {
    throw badRequest('Choose an end time or a duration.', [{ path: 'endTime', message: 'Required' }]);
  }
  if (end % 60 !== 0) {
    throw badRequest(BOOKING_MESSAGES.wholeHours, [
      { path: 'endTime', message: BOOKING_MESSAGES.wholeHours },
    ]);
  }
  if (end - start < 60) {
    throw badRequest(BOOKING_MESSAGES.endAfterStart, [
      { path: 'endTime', message: BOOKING_MESSAGES.endAfterStart },
    ]);
  }
  return { startMinutes: start, duration: (end - start) / 60 };
}

interface TransitionSpec {
  to: BookingStatus;
  from: readonly BookingStatus[];
  patch?: Partial<typeof bookings.$inferInsert>;
}

export function createBookingService(deps: BookingDeps) {
  const { db, mailer } = deps;
  const now = deps.now ?? (() => new Date());

  /** Sends after commit (the outbox mailer writes through the database); a failed send is not fatal. */
  async function sendAll(mails: Mail[]) {
    for (const m of mails) {
      try {
        await mailer.send(m);
      } catch {
        // The in-app notification was written in the transaction; e-mail is best effort.
      }
    }
  }

  /**
   * Writes one state change: the row, the event (who and when), every listener (payments, stats) and
   * notifications for the other side — all in `tx`. Returns the mails to send after commit.
   */
  async function applyTransition(
    tx: Tx,
    booking: BookingRow,
    spec: TransitionSpec,
    actorUserId: number | null,
    at: Date,
  ): Promise<{ row: BookingRow; mails: Mail[] }> {
    if (!spec.from.includes(booking.status)) {
      throw conflict(illegalMessage(booking.status, spec.to), 'BOOKING_INVALID_TRANSITION');
    }
    const row = await bookingRepo.transition(tx, booking.id, spec.from, {
      ...spec.patch,
      status: spec.to,
      updatedAt: at,
    });
    if (!row) throw conflict(illegalMessage(booking.status, spec.to), 'BOOKING_INVALID_TRANSITION');
    await bookingRepo.addEvent(tx, { bookingId: row.id, from: booking.status, to: spec.to, actorUserId, at });
    await emitBookingTransition(tx, { booking: row, from: booking.status, to: spec.to, actorUserId, at });
    const mails = await notify(tx, row, spec.to, actorUserId);
    return { row, mails };
  }

  /** Both parties hear of it, in-app and (if they want booking e-mails) by e-mail after commit. */
  async function notify(tx: Tx, row: BookingRow, to: BookingStatus, actorUserId: number | null) {
    const lateFeeCents = to === 'cancelled' ? await lateFeeOf(tx, row) : undefined;
    return notifyBookingParties(tx, row.id, to, { publicUrl: deps.publicUrl, actorUserId, lateFeeCents });
  }

  async function lateFeeOf(tx: Tx, row: BookingRow): Promise<number | undefined> {
    if (row.status !== 'cancelled' || !row.cancelledAt) return undefined;
    const prior = (await bookingRepo.events(tx, row.id)).filter((e) => e.toStatus !== 'cancelled').pop();
    const terms = cancellationTerms(
      {
        status: prior?.toStatus ?? 'pending',
        startsAt: row.startsAt,
        hourlyRateCents: toCents(row.hourlyRate),
        duration: row.duration,
      },
      row.cancelledBy === row.familyId ? 'family' : 'caregiver',
      row.cancelledAt,
    );
    return terms.lateFee;
  }

  async function viewOf(tx: Tx, id: number, viewer: Actor): Promise<BookingView> {
    const joined = await bookingRepo.getJoined(tx, id);
    if (!joined) throw notFound(BOOKING_MESSAGES.notYours);
    return toBookingView(joined, viewer);
  }

  /** The booking if the actor is its family, its caregiver or an admin; 404 otherwise (no probing). */
  async function lockOwned(tx: Tx, actor: Actor, id: number) {
    const booking = await bookingRepo.lock(tx, id);
    if (!booking) throw notFound(BOOKING_MESSAGES.notYours);
    const caregiverId =
      actor.userType === 'caregiver' ? await bookingRepo.caregiverIdOfUser(tx, actor.id) : undefined;
    const isFamily = booking.familyId === actor.id;
    const isCaregiver = caregiverId !== undefined && booking.caregiverId === caregiverId;
    if (!isFamily && !isCaregiver) throw notFound(BOOKING_MESSAGES.notYours);
    return { booking, isFamily, isCaregiver };
  }

  async function act(
    actor: Actor,
    id: number,
    decide: (ctx: {
      booking: BookingRow;
      isFamily: boolean;
      isCaregiver: boolean;
      at: Date;
    }) => TransitionSpec,
  ): Promise<BookingView> {
    const at = now();
    const { view, mails } = await db.transaction(async (tx) => {
      const owned = await lockOwned(tx, actor, id);
      const spec = decide({ ...owned, at });
      const { mails } = await applyTransition(tx, owned.booking, spec, actor.id, at);
      return { view: await viewOf(tx, id, actor), mails };
    });
    await sendAll(mails);
    return view;
  }

  const onlyCaregiver = (isCaregiver: boolean, what: string) => {
    if (!isCaregiver) throw forbidden(`Only the caregiver can ${what} this booking.`);
  };

  return {
    async create(actor: Actor, body: CreateInput): Promise<BookingView> {
      const at = now();
      const { startMinutes, duration } = parseBookingTimes(body);
      if (body.date < jamaicaToday(at)) {
        throw badRequest(BOOKING_MESSAGES.pastDate, [{ path: 'date', message: BOOKING_MESSAGES.pastDate }]);
      }
      const startsAt = jamaicaInstantAt(body.date, startMinutes);
      if (startsAt.getTime() <= at.getTime()) {
        throw badRequest(BOOKING_MESSAGES.startPassed, [
          { path: 'startTime', message: BOOKING_MESSAGES.startPassed },
        ]);
      }
      const endsAt = new Date(startsAt.getTime() + duration * HOUR);
      const { view, mails } = await db.transaction(async (tx) => {
        const cg = await bookingRepo.caregiverForBooking(tx, body.caregiverId);
        if (!cg) throw notFound(BOOKING_MESSAGES.caregiverNotFound);
        if (cg.userId === actor.id) throw badRequest(BOOKING_MESSAGES.yourself);
        if (!cg.isActive || cg.suspendedAt) throw notFound(BOOKING_MESSAGES.caregiverNotFound);
        if (!cg.isAvailable)
          throw conflict(`${cg.firstName} is not taking bookings right now.`, 'CAREGIVER_UNAVAILABLE');
        const price = priceBooking(toCents(cg.hourlyRate), duration);
        let row: BookingRow;
        try {
          // A savepoint, so the exclusion violation can be mapped without poisoning the transaction.
          row = await tx.transaction(async (sp) =>
            bookingRepo.insert(sp, {
              familyId: actor.id,
              caregiverId: cg.id,
              date: body.date,
              startTime: clock24(startMinutes),
              endTime: clock24(startMinutes + duration * 60),
              duration,
              startsAt,
              endsAt,
              hourlyRate: cg.hourlyRate,
              platformFee: centsToDecimal(price.platformFee),
              totalCost: centsToDecimal(price.total),
              status: 'pending',
              notes: body.notes,
              createdAt: at,
              updatedAt: at,
            }),
          );
        } catch (err) {
          if (isExclusionViolation(err)) throw conflict(BOOKING_MESSAGES.overlap, 'BOOKING_OVERLAP');
          throw err;
        }
        await bookingRepo.addEvent(tx, {
          bookingId: row.id,
          from: null,
          to: 'pending',
          actorUserId: actor.id,
          at,
        });
        await emitBookingTransition(tx, {
          booking: row,
          from: null,
          to: 'pending',
          actorUserId: actor.id,
          at,
        });
        const mails = await notify(tx, row, 'pending', actor.id);
        return { view: await viewOf(tx, row.id, actor), mails };
      });
      await sendAll(mails);
      return view;
    },

    async list(actor: Actor, query: ListInput): Promise<BookingView[]> {
      const conditions: SQL[] = [];
      if (actor.userType === 'family') conditions.push(eq(bookings.familyId, actor.id));
      else if (actor.userType === 'caregiver') {
        const caregiverId = await bookingRepo.caregiverIdOfUser(db, actor.id);
        if (caregiverId === undefined) return [];
        conditions.push(eq(bookings.caregiverId, caregiverId));
      }
      if (query.status?.length) conditions.push(inArray(bookings.status, query.status));
      const rows = await bookingRepo.listJoined(db, and(...conditions), { limit: query.limit });
      return rows.map((r) => toBookingView(r, actor));
    },

    /** GET /api/bookings/family/{userId} (spec §7): the family themselves or an admin. */
    async listForFamily(actor: Actor, familyUserId: number): Promise<BookingView[]> {
      if (actor.id !== familyUserId && actor.userType !== 'admin') {
        throw forbidden('You can only see your own bookings.');
      }
      const rows = await bookingRepo.listJoined(db, eq(bookings.familyId, familyUserId));
      return rows.map((r) => toBookingView(r, actor));
    },

    async get(actor: Actor, id: number): Promise<BookingView> {
      const joined = await bookingRepo.getJoined(db, id);
      if (!joined) throw notFound(BOOKING_MESSAGES.notYours);
      const mine =
        actor.userType === 'admin' || joined.b.familyId === actor.id || joined.cg.userId === actor.id;
      if (!mine) throw notFound(BOOKING_MESSAGES.notYours);
      return toBookingView(joined, actor);
    },

    async events(actor: Actor, id: number) {
      await this.get(actor, id);
      const rows = await bookingRepo.events(db, id);
      return rows.map((e) => ({
        from: e.fromStatus,
        to: e.toStatus,
        actorUserId: e.actorUserId,
        at: e.at.toISOString(),
      }));
    },

    accept: (actor: Actor, id: number) =>
      act(actor, id, ({ booking, isCaregiver, at }) => {
        onlyCaregiver(isCaregiver, 'accept');
        if (booking.status === 'pending' && isPastAnswerTime(booking, at)) {
          throw conflict('This booking request has expired.', 'BOOKING_INVALID_TRANSITION');
        }
        return { from: ['pending'], to: 'confirmed', patch: { confirmedAt: at } };
      }),

    decline: (actor: Actor, id: number) =>
      act(actor, id, ({ isCaregiver, at }) => {
        onlyCaregiver(isCaregiver, 'decline');
        return { from: ['pending'], to: 'declined', patch: { declinedAt: at } };
      }),

    cancel: (actor: Actor, id: number) =>
      act(actor, id, ({ booking, at }) => {
        if (
          (booking.status === 'pending' || booking.status === 'confirmed') &&
          booking.startsAt.getTime() <= at.getTime()
        ) {
          throw conflict(
            'This booking has already started and can no longer be cancelled.',
            'BOOKING_INVALID_TRANSITION',
          );
        }
        return {
          from: ['pending', 'confirmed'],
          to: 'cancelled',
          patch: { cancelledAt: at, cancelledBy: actor.id },
        };
      }),

    complete: (actor: Actor, id: number) =>
      act(actor, id, ({ booking, isCaregiver, at }) => {
        onlyCaregiver(isCaregiver, 'complete');
        if (booking.status === 'confirmed' && booking.endsAt.getTime() > at.getTime()) {
          throw conflict(
            'You can mark this booking completed once it has ended.',
            'BOOKING_INVALID_TRANSITION',
          );
        }
        return { from: ['confirmed'], to: 'completed', patch: { completedAt: at } };
      }),

    /**
     * The lifecycle job: expires unanswered requests (24 h, or at their start) and completes confirmed
     * bookings 24 h after their end. Each booking is its own transaction; rows another transaction is
     * changing are skipped (SKIP LOCKED) and picked up next run.
     */
    async runLifecycle(at: Date): Promise<{ expired: number; completed: number }> {
      let expired = 0;
      let completed = 0;
      const mails: Mail[] = [];
      const expiring = await bookingRepo.dueForExpiry(db, at, PENDING_EXPIRY_HOURS, 500);
      for (const id of expiring) {
        const done = await db.transaction(async (tx) => {
          const b = await bookingRepo.lockSkipLocked(tx, id);
          if (!b || b.status !== 'pending' || !isPastAnswerTime(b, at)) return false;
          const r = await applyTransition(
            tx,
            b,
            { from: ['pending'], to: 'expired', patch: { expiredAt: at } },
            null,
            at,
          );
          mails.push(...r.mails);
          return true;
        });
        if (done) expired++;
      }
      const completing = await bookingRepo.dueForCompletion(db, at, AUTO_COMPLETE_HOURS, 500);
      for (const id of completing) {
        const done = await db.transaction(async (tx) => {
          const b = await bookingRepo.lockSkipLocked(tx, id);
          if (
            !b ||
            b.status !== 'confirmed' ||
            b.endsAt.getTime() + AUTO_COMPLETE_HOURS * HOUR > at.getTime()
          ) {
            return false;
          }
          const r = await applyTransition(
            tx,
            b,
            { from: ['confirmed'], to: 'completed', patch: { completedAt: at } },
            null,
            at,
          );
          mails.push(...r.mails);
          return true;
        });
        if (done) completed++;
      }
      await sendAll(mails);
      return { expired, completed };
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;

function isPastAnswerTime(b: BookingRow, at: Date): boolean {
  return (
    b.createdAt.getTime() + PENDING_EXPIRY_HOURS * HOUR <= at.getTime() ||
    b.startsAt.getTime() <= at.getTime()
  );
}

function illegalMessage(from: BookingStatus, to: BookingStatus): string {
  const verbs: Record<BookingStatus, string> = {
    pending: 'requested',
    confirmed: 'confirmed',
    declined: 'declined',
    expired: 'expired',
    cancelled: 'cancelled',
    completed: 'completed',
  };
  return `This booking is ${from === 'pending' ? 'still pending' : `already ${verbs[from]}`} and cannot be ${verbs[to]}.`;
}
