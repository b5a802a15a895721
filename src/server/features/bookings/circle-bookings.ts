import type { BookingView } from '../../../shared/contracts/bookings';
import { BOOKING_MESSAGES } from '../../../shared/contracts/bookings';
import type { Tx } from '../../db/client';
import { conflict, forbidden, notFound } from '../../errors';
import { type Actor, type BookingContext, sendAfterCommit } from './booking-context';
import { viewOf } from './booking-view';
import type { BookingRow } from './events';
import { bookingRepo, isExclusionViolation } from './repo';
import { applyTransition, isPastAnswerTime, type TransitionSpec } from './transition-booking';

export const APPROVAL_MESSAGES = {
  notNeeded: 'This booking does not need approval.',
  expired: 'This approval request has expired.',
  byRequester:
    'You requested this booking, so another payer of the circle approves or declines it. If nobody does within 24 hours (or by its start), it expires; you can cancel it instead.',
  takenMeanwhile:
    'While this request waited for approval, the caregiver was booked for that time. Decline it and choose another time.',
} as const;

/** A payer's answer to a circle booking awaiting approval: approve (it goes to the caregiver) or decline. */
export function bookingApprovals(ctx: BookingContext) {
  async function decide(actor: Actor, id: number, decision: 'approve' | 'decline'): Promise<BookingView> {
    const at = ctx.now();
    const { view, mails } = await ctx.db.transaction(async (tx) => {
      const booking = await bookingRepo.lock(tx, id);
      if (!booking) throw notFound(BOOKING_MESSAGES.notYours);
      if (booking.circleId === null) {
        if (booking.familyId === actor.id)
          throw conflict(APPROVAL_MESSAGES.notNeeded, 'BOOKING_INVALID_TRANSITION');
        throw notFound(BOOKING_MESSAGES.notYours);
      }
      await ctx.circles.authorize(tx, booking.circleId, actor, 'approve');
      // Nobody answers their own request (ADR 0039): approving it would be spending on their own say-so,
      // and a series' visits are approved one by one here, so this covers them too.
      if (booking.familyId === actor.id)
        throw forbidden(APPROVAL_MESSAGES.byRequester, 'APPROVAL_BY_REQUESTER');
      if (booking.status === 'awaiting_approval' && isPastAnswerTime(booking, at))
        throw conflict(APPROVAL_MESSAGES.expired, 'BOOKING_INVALID_TRANSITION');
      const spec: TransitionSpec =
        decision === 'approve'
          ? {
              from: ['awaiting_approval'],
              to: 'pending',
              patch: { approvalState: 'approved', approvalBy: actor.id, approvalAt: at },
            }
          : {
              from: ['awaiting_approval'],
              to: 'declined',
              patch: { approvalState: 'declined', approvalBy: actor.id, approvalAt: at, declinedAt: at },
            };
      const mails = await applyOrTaken(ctx, tx, booking, spec, actor.id, at);
      return { view: await viewOf(ctx.circles, tx, id, actor, ctx.now()), mails };
    });
    await sendAfterCommit(ctx.mailer, mails);
    return view;
  }

  return {
    approve: (actor: Actor, id: number) => decide(actor, id, 'approve'),
    declineApproval: (actor: Actor, id: number) => decide(actor, id, 'decline'),
  };
}

/** The transition in a savepoint, so the exclusion constraint (the slot was taken meanwhile) maps to a 409. */
async function applyOrTaken(
  ctx: BookingContext,
  tx: Tx,
  booking: BookingRow,
  spec: TransitionSpec,
  actorUserId: number,
  at: Date,
) {
  try {
    const { mails } = await tx.transaction((sp) => applyTransition(ctx, sp, booking, spec, actorUserId, at));
    return mails;
  } catch (err) {
    if (isExclusionViolation(err)) throw conflict(APPROVAL_MESSAGES.takenMeanwhile, 'BOOKING_OVERLAP');
    throw err;
  }
}
