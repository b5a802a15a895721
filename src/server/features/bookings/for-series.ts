import type { Mail } from '../../adapters/mailer';
import type { Tx } from '../../db/client';
import { type Actor, type BookingContext, sendAfterCommit } from './booking-context';
import { seriesVisitViews } from './booking-view';
import { type OpenedRequest, openRequest, type RequestedTime, writeRequest } from './create-booking';
import { bookingRepo, caregiverSees } from './repo';
import { answerIn, type BookingAnswer } from './transition-booking';

/**
 * What the booking-series feature (ADR 0027) does with bookings, each inside its own transaction: the same
 * request and answer code paths as a single booking (access, circle policy and approval, the exclusion
 * constraint, listeners, notices), one visit at a time. Mails come back to be sent after commit (`send`).
 */
export function bookingsForSeries(ctx: BookingContext) {
  return {
    /** The circle policy and the caregiver's state, once for the whole series (the circle stays locked). */
    open: (tx: Tx, actor: Actor, caregiverId: number, circleId: number | undefined) =>
      openRequest(tx, actor, caregiverId, circleId),
    /** One visit, requested exactly as a single booking is. */
    request: (tx: Tx, actor: Actor, opened: OpenedRequest, time: RequestedTime, at: Date) =>
      writeRequest(ctx, tx, actor, opened, time, at),
    /** The time the caregiver holds (pending and confirmed bookings) overlapping [from, to). */
    held: (tx: Tx, caregiverId: number, from: Date, to: Date) =>
      bookingRepo.heldBetween(tx, caregiverId, from, to),
    /** The series' visits (rows), first first. */
    visits: (tx: Tx, seriesId: number) => bookingRepo.ofSeries(tx, seriesId),
    /** Whether a visit has reached its caregiver (a circle's needs a payer's approval first). */
    caregiverSees,
    /** One answer to one visit (accept, decline, cancel), with its own access check and rule. */
    answer: (tx: Tx, actor: Actor, id: number, answer: BookingAnswer, at: Date) =>
      answerIn(ctx, tx, actor, id, answer, at),
    views: seriesVisitViews,
    caregiverIdOfUser: bookingRepo.caregiverIdOfUser,
    send: (mails: Mail[]) => sendAfterCommit(ctx.mailer, mails),
  };
}

export type BookingsForSeries = ReturnType<typeof bookingsForSeries>;
export type { OpenedRequest, RequestedTime };
