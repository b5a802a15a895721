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
import { badRequest, conflict, forbidden } from '../../errors';
import { type Actor, type BookingContext, HOUR, refuseTimeOff, sendAfterCommit } from './booking-context';
import { viewOf } from './booking-view';
import { parseStartTime } from './create-booking';
import type { BookingRow } from './events';
import { describeWhen, notifyBookingParties } from './notices';
import { bookingRepo, isExclusionViolation } from './repo';
import { lockOwned } from './transition-booking';

type RescheduleInput = z.output<typeof RescheduleBookingRequest>;

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
        const field = (path: string, message: string) => badRequest(message, [{ path, message }]);
        if (body.date < jamaicaToday(at)) throw field('date', BOOKING_MESSAGES.pastDate);
        const startsAt = jamaicaInstantAt(body.date, startMinutes);
        if (startsAt.getTime() <= at.getTime()) throw field('startTime', BOOKING_MESSAGES.startPassed);
        if (startsAt.getTime() === booking.startsAt.getTime())
          throw field('startTime', BOOKING_MESSAGES.sameTime);
        const cg = await bookingRepo.caregiverForBooking(tx, booking.caregiverId);
        if (cg)
          await refuseTimeOff(ctx, tx, cg, startsAt, new Date(startsAt.getTime() + booking.duration * HOUR));
        const previousWhen = describeWhen(booking);
        let row: BookingRow | undefined;
        try {
          // A savepoint, so the exclusion violation can be mapped without poisoning the transaction.
          row = await tx.transaction((sp) =>
            bookingRepo.transition(sp, id, [booking.status], {
              date: body.date,
              startTime: clock24(startMinutes),
              endTime: clock24(startMinutes + booking.duration * 60),
              startsAt,
              endsAt: new Date(startsAt.getTime() + booking.duration * HOUR),
              status: 'pending',
              rescheduledAt: at,
              updatedAt: at,
            }),
          );
        } catch (err) {
          if (isExclusionViolation(err)) throw conflict(BOOKING_MESSAGES.overlap, 'BOOKING_OVERLAP');
          throw err;
        }
        if (!row) throw conflict(BOOKING_MESSAGES.notMovable, 'BOOKING_INVALID_TRANSITION');
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
