import type { z } from 'zod';
import {
  BOOKING_MESSAGES,
  type BookingView,
  clock24,
  jamaicaInstantAt,
  type RescheduleBookingRequest,
} from '../../../shared/contracts/bookings';
import { FREE_CANCELLATION_HOURS } from '../../../shared/pricing';
import { jamaicaToday } from '../../../shared/time';
import type { Tx } from '../../db/client';
import { badRequest, conflict, forbidden } from '../../errors';
import { type Actor, type BookingContext, HOUR, refuseTimeOff, sendAfterCommit } from './booking-context';
import { viewOf } from './booking-view';
import { counterRepo } from './counter-repo';
import { parseStartTime } from './create-booking';
import type { BookingRow } from './events';
import { describeWhen, notifyBookingParties } from './notices';
import { bookingRepo, isExclusionViolation, type NewBooking } from './repo';
import { lockOwned } from './transition-booking';

type RescheduleInput = z.output<typeof RescheduleBookingRequest>;

const field = (path: string, message: string) => badRequest(message, [{ path, message }]);

/** A new time must be today or later in Jamaica and start after `at` (400 naming the field otherwise). */
export function checkFutureStart(date: string, startMinutes: number, at: Date) {
  if (date < jamaicaToday(at)) throw field('date', BOOKING_MESSAGES.pastDate);
  if (jamaicaInstantAt(date, startMinutes).getTime() <= at.getTime())
    throw field('startTime', BOOKING_MESSAGES.startPassed);
}

/**
 * Moves a locked booking to another date, start and length in a savepoint, with `patch` (its new status
 * among it): the no-overlap constraint decides the slot (409 BOOKING_OVERLAP, nothing changed); 409 when its
 * status moved on. One move for the family's reschedule and an accepted counter-proposal (ADR 0031, 0048).
 */
export async function moveBooking(
  tx: Tx,
  booking: BookingRow,
  time: { date: string; startMinutes: number; duration: number },
  patch: Partial<NewBooking> & { status: BookingRow['status'] },
): Promise<BookingRow> {
  const startsAt = jamaicaInstantAt(time.date, time.startMinutes);
  let row: BookingRow | undefined;
  try {
    // A savepoint, so the exclusion violation can be mapped without poisoning the transaction.
    row = await tx.transaction((sp) =>
      bookingRepo.transition(sp, booking.id, [booking.status], {
        date: time.date,
        startTime: clock24(time.startMinutes),
        endTime: clock24(time.startMinutes + time.duration * 60),
        duration: time.duration,
        startsAt,
        endsAt: new Date(startsAt.getTime() + time.duration * HOUR),
        ...patch,
      }),
    );
  } catch (err) {
    if (isExclusionViolation(err)) throw conflict(BOOKING_MESSAGES.overlap, 'BOOKING_OVERLAP');
    throw err;
  }
  if (!row) throw conflict(BOOKING_MESSAGES.notMovable, 'BOOKING_INVALID_TRANSITION');
  return row;
}

/**
 * The family side moves one booking to another time (ADR 0031). The simplest honest rule: the booking moves
 * at once and goes back to the caregiver as a pending request (its 24 hours to answer start again); if they
 * decline or do not answer, it ends like any request and anything held for it is released in full. Allowed
 * until the free-cancellation limit (24 h before the current start); the no-overlap constraint decides the
 * new slot (409 BOOKING_OVERLAP). Same length, same price. A booking a parish emergency covers may be moved
 * (postponed) at any time before it starts (ADR 0030).
 */
export function bookingReschedule(ctx: BookingContext) {
  return {
    async reschedule(actor: Actor, id: number, body: RescheduleInput): Promise<BookingView> {
      const at = ctx.now();
      const { view, mails } = await ctx.db.transaction(async (tx) => {
        const { booking, isFamily } = await lockOwned(ctx, tx, actor, id);
        if (!isFamily) throw forbidden('Only the family side can move this booking.');
        if (booking.status !== 'pending' && booking.status !== 'confirmed')
          throw conflict(BOOKING_MESSAGES.notMovable, 'BOOKING_INVALID_TRANSITION');
        // Later than that, only a booking a parish emergency covers may still be moved: postponed (ADR 0030).
        if (
          booking.startsAt.getTime() - at.getTime() < FREE_CANCELLATION_HOURS * HOUR &&
          !(await ctx.emergencies.coverOf(tx, [booking], at)).has(booking.id)
        )
          throw conflict(BOOKING_MESSAGES.moveTooLate, 'BOOKING_INVALID_TRANSITION');
        const startMinutes = parseStartTime(body.startTime);
        checkFutureStart(body.date, startMinutes, at);
        const startsAt = jamaicaInstantAt(body.date, startMinutes);
        if (startsAt.getTime() === booking.startsAt.getTime())
          throw field('startTime', BOOKING_MESSAGES.sameTime);
        const cg = await bookingRepo.caregiverForBooking(tx, booking.caregiverId);
        if (cg)
          await refuseTimeOff(ctx, tx, cg, startsAt, new Date(startsAt.getTime() + booking.duration * HOUR));
        const previousWhen = describeWhen(booking);
        const row = await moveBooking(
          tx,
          booking,
          { date: body.date, startMinutes, duration: booking.duration },
          { status: 'pending', rescheduledAt: at, updatedAt: at },
        );
        // The caregiver's proposal of another time was for the old request: the family chose a time instead.
        await counterRepo.closeOpen(tx, id, 'closed', at, actor.id);
        await bookingRepo.addEvent(tx, {
          bookingId: id,
          from: booking.status,
          to: 'pending',
          actorUserId: actor.id,
          at,
        });
        await ctx.events.emit(tx, {
          booking: row,
          from: booking.status,
          to: 'pending',
          actorUserId: actor.id,
          at,
        });
        const mails = await notifyBookingParties(ctx, tx, id, 'rescheduled', {
          publicUrl: ctx.publicUrl,
          actorUserId: actor.id,
          previousWhen,
        });
        return { view: await viewOf(ctx.circles, tx, id, actor, ctx.now()), mails };
      });
      await sendAfterCommit(ctx.mailer, mails);
      return view;
    },
  };
}
