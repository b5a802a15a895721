import type { z } from 'zod';
import {
  BOOKING_MESSAGES,
  type BookingView,
  type CounterProposalRequest,
  clock24,
  jamaicaInstantAt,
  parseClock,
} from '../../../shared/contracts/bookings';
import { centsToDecimal, formatJmd, priceBooking, toCents } from '../../../shared/money';
import type { Mail } from '../../adapters/mailer';
import type { Tx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound, retryTransient } from '../../errors';
import { type Actor, type BookingContext, HOUR, refuseTimeOff, sendAfterCommit } from './booking-context';
import { viewOf } from './booking-view';
import { caregiverSideOf, familySideOf, partyNames, tell } from './counter-notices';
import { type CounterProposalRow, counterRepo } from './counter-repo';
import { parseBookingTimes } from './create-booking';
import type { BookingRow } from './events';
import { describeWhen } from './notices';
import { sideOfActor } from './party-side';
import { bookingRepo } from './repo';
import { checkFutureStart, moveBooking } from './reschedule-booking';
import { isPastAnswerTime } from './transition-booking';

type ProposalInput = z.output<typeof CounterProposalRequest>;

/** The family side (403 for the caregiver): who answers a counter-proposal (ADR 0048). */
async function familySide(ctx: BookingContext, tx: Tx, actor: Actor, booking: BookingRow) {
  const who = await sideOfActor(ctx, tx, actor, booking);
  if (who.side !== 'family') throw forbidden(BOOKING_MESSAGES.counterOnlyFamily);
  return who;
}

/** The booking's caregiver (403 for the family side): who proposes another time. */
async function caregiverSide(ctx: BookingContext, tx: Tx, actor: Actor, booking: BookingRow) {
  const who = await sideOfActor(ctx, tx, actor, booking);
  if (who.side !== 'caregiver') throw forbidden(BOOKING_MESSAGES.counterOnlyCaregiver);
}

/** A pending request the caregiver may still answer (409 otherwise). */
function mustBeAnswerable(booking: BookingRow, at: Date) {
  if (booking.status !== 'pending' || isPastAnswerTime(booking, at))
    throw conflict(BOOKING_MESSAGES.counterNotPending, 'BOOKING_INVALID_TRANSITION');
}

/** A proposal's new price at the booking's agreed hourly rate, with the one fee policy (cents). */
const priceOf = (booking: BookingRow, duration: number) =>
  priceBooking(toCents(booking.hourlyRate), duration);

/**
 * Counter-proposals (ADR 0048): instead of declining, a pending booking's caregiver proposes another date and
 * time; the family side accepts it (the booking moves there and is confirmed, as if the caregiver had
 * accepted a request for that time; what is held follows the price) or declines it (the booking stays as
 * requested, for the caregiver to accept or decline).
 */
export function counterProposals(ctx: BookingContext) {
  /** Runs `work` on the locked booking in one transaction; mails after commit. */
  async function inBooking<T>(
    id: number,
    work: (tx: Tx, booking: BookingRow, at: Date) => Promise<{ result: T; mails: Mail[] }>,
  ): Promise<T> {
    const at = ctx.now();
    // Two moves into overlapping slots at once can deadlock under the exclusion constraint: run it again
    // (provider calls inside carry keys derived from the payment, so a rerun asks for the same thing).
    const { result, mails } = await retryTransient(() =>
      ctx.db.transaction(async (tx) => {
        const booking = await bookingRepo.lock(tx, id);
        if (!booking) throw notFound(BOOKING_MESSAGES.notYours);
        return work(tx, booking, at);
      }),
    );
    await sendAfterCommit(ctx.mailer, mails);
    return result;
  }

  /** The open proposal of a pending booking, or 409. */
  async function openProposal(tx: Tx, booking: BookingRow, at: Date): Promise<CounterProposalRow> {
    mustBeAnswerable(booking, at);
    const proposal = await counterRepo.openFor(tx, booking.id);
    if (!proposal) throw conflict(BOOKING_MESSAGES.counterNoneOpen, 'BOOKING_INVALID_TRANSITION');
    return proposal;
  }

  return {
    /** POST /api/bookings/:id/counter-proposal: the booking's caregiver, while it is pending. */
    proposeTime(actor: Actor, id: number, body: ProposalInput): Promise<{ id: number; status: 'open' }> {
      return inBooking(id, async (tx, booking, at) => {
        await caregiverSide(ctx, tx, actor, booking);
        mustBeAnswerable(booking, at);
        const { startMinutes, duration } = parseBookingTimes({
          startTime: body.startTime,
          endTime: body.endTime,
        });
        checkFutureStart(body.date, startMinutes, at);
        const startsAt = jamaicaInstantAt(body.date, startMinutes);
        const endsAt = new Date(startsAt.getTime() + duration * HOUR);
        if (
          startsAt.getTime() === booking.startsAt.getTime() &&
          endsAt.getTime() === booking.endsAt.getTime()
        )
          throw badRequest(BOOKING_MESSAGES.sameTime, [
            { path: 'startTime', message: BOOKING_MESSAGES.sameTime },
          ]);
        // The create rule: none of the caregiver's other pending or confirmed bookings may overlap it.
        const held = await bookingRepo.heldBetween(tx, booking.caregiverId, startsAt, endsAt);
        if (held.some((h) => h.id !== booking.id))
          throw conflict(BOOKING_MESSAGES.overlap, 'BOOKING_OVERLAP');
        // Nor may it fall in the caregiver's own time off (ADR 0046).
        const cg = await bookingRepo.caregiverForBooking(tx, booking.caregiverId);
        if (cg) await refuseTimeOff(ctx, tx, cg, startsAt, endsAt);
        // One open proposal per booking: a new one replaces it (the unique index stands behind the lock).
        await counterRepo.closeOpen(tx, booking.id, 'replaced', at, actor.id);
        const proposal = await counterRepo.insert(tx, {
          bookingId: booking.id,
          proposedBy: actor.id,
          date: body.date,
          startTime: clock24(startMinutes),
          endTime: clock24(startMinutes + duration * 60),
          duration,
          startsAt,
          endsAt,
          note: body.note,
          createdAt: at,
        });
        const names = await partyNames(ctx, tx, booking.id);
        const total = formatJmd(priceOf(booking, duration).total);
        const note = proposal.note ? ` They wrote: “${proposal.note}”` : '';
        const mails = await tell(
          ctx,
          tx,
          await familySideOf(ctx, tx, booking.id),
          {
            kind: 'booking.counter_proposed',
            title: `${names.caregiver} proposed another time`,
            body: `${names.caregiver} proposed ${describeWhen(proposal)} instead of ${describeWhen(booking)} (total ${total}).${note} Accept it to confirm the booking at that time, or decline it to keep your request as it is.`,
            startsAt,
          },
          at,
        );
        return { result: { id: proposal.id, status: 'open' as const }, mails };
      });
    },

    /**
     * POST /api/bookings/:id/counter-proposal/accept: the booking moves to the proposed time (the no-overlap
     * constraint checks it again) and is confirmed; its price is recomputed at its agreed rate; a live payment
     * that no longer matches the total is released in full and the family pays the new total (ADR 0048).
     */
    acceptProposal(actor: Actor, id: number): Promise<BookingView> {
      return inBooking(id, async (tx, booking, at) => {
        const { isPayer } = await familySide(ctx, tx, actor, booking);
        const proposal = await openProposal(tx, booking, at);
        if (proposal.startsAt.getTime() <= at.getTime())
          throw conflict(BOOKING_MESSAGES.startPassed, 'BOOKING_INVALID_TRANSITION');
        const price = priceOf(booking, proposal.duration);
        // A care circle spends more only on a payer's act (ADR 0039): a coordinator may accept the same or less.
        if (booking.circleId !== null && price.total > toCents(booking.totalCost) && !isPayer)
          throw forbidden(BOOKING_MESSAGES.counterPayerForMore);
        // Time off the caregiver added after proposing wins: the booking does not move into it (ADR 0046).
        const cg = await bookingRepo.caregiverForBooking(tx, booking.caregiverId);
        if (cg) await refuseTimeOff(ctx, tx, cg, proposal.startsAt, proposal.endsAt);
        const previousWhen = describeWhen(booking);
        const startMinutes = parseClock(proposal.startTime) ?? 0;
        const row = await moveBooking(
          tx,
          booking,
          { date: proposal.date, startMinutes, duration: proposal.duration },
          {
            status: 'confirmed',
            confirmedAt: at,
            platformFee: centsToDecimal(price.platformFee),
            totalCost: centsToDecimal(price.total),
            updatedAt: at,
          },
        );
        await counterRepo.closeOpen(tx, booking.id, 'accepted', at, actor.id);
        await bookingRepo.addEvent(tx, {
          bookingId: id,
          from: 'pending',
          to: 'confirmed',
          actorUserId: actor.id,
          at,
        });
        await ctx.events.emit(tx, {
          booking: row,
          from: 'pending',
          to: 'confirmed',
          actorUserId: actor.id,
          at,
        });
        const money = await ctx.holds.followNewTotal(tx, row, at);
        const names = await partyNames(ctx, tx, id);
        const total = formatJmd(price.total);
        const payAgain =
          money === 'released'
            ? ` The new total differs from what was held, so that hold is released in full: please pay ${total} for the booking.`
            : '';
        const when = describeWhen(row);
        const mails = [
          ...(await tell(
            ctx,
            tx,
            await caregiverSideOf(tx, id),
            {
              kind: 'booking.counter_accepted',
              title: 'Your proposed time was accepted',
              body: `${names.family} accepted ${when} instead of ${previousWhen}: the booking is confirmed. You earn ${formatJmd(price.subtotal)}.`,
              startsAt: row.startsAt,
            },
            at,
          )),
          ...(await tell(
            ctx,
            tx,
            await familySideOf(ctx, tx, id),
            {
              kind: 'booking.counter_accepted',
              title: 'Booking confirmed at the new time',
              body: `The booking with ${names.caregiver} moved from ${previousWhen} to ${when} and is confirmed (total ${total}).${payAgain}`,
              startsAt: row.startsAt,
            },
            at,
          )),
        ];
        return { result: await viewOf(ctx.circles, tx, id, actor, at), mails };
      });
    },

    /** POST /api/bookings/:id/counter-proposal/decline: the proposal closes; the request stays as it was. */
    declineProposal(actor: Actor, id: number): Promise<BookingView> {
      return inBooking(id, async (tx, booking, at) => {
        await familySide(ctx, tx, actor, booking);
        const proposal = await openProposal(tx, booking, at);
        await counterRepo.closeOpen(tx, booking.id, 'declined', at, actor.id);
        const names = await partyNames(ctx, tx, id);
        const mails = await tell(
          ctx,
          tx,
          await caregiverSideOf(tx, id),
          {
            kind: 'booking.counter_declined',
            title: 'Your proposed time was declined',
            body: `${names.family} declined ${describeWhen(proposal)}. Their request for ${describeWhen(booking)} stands: please accept or decline it before it expires.`,
            startsAt: booking.startsAt,
          },
          at,
        );
        return { result: await viewOf(ctx.circles, tx, id, actor, at), mails };
      });
    },
  };
}
