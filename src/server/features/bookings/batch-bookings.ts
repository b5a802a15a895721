import type { Mail } from '../../adapters/mailer';
import type { Tx } from '../../db/client';
import { type Actor, type BookingContext, sendAfterCommit } from './booking-context';
import { seriesVisitViews } from './booking-view';
import {
  type OpenedRequest,
  openRequest,
  type RequestedTime,
  writeRequest,
  writeRequests,
} from './create-booking';
import type { BookingTransition } from './events';
import { bookingRepo, caregiverSees } from './repo';
import { answerIn, type BookingAnswer, type NoticeOption } from './transition-booking';

/**
 * Bookings written and answered in a batch (a recurring booking's visits, ADR 0027), inside the caller's
 * transaction: the same request and answer code paths as a single booking (access, circle policy and
 * approval, the exclusion constraint, listeners, notices), one booking at a time, without a notice per
 * booking (the caller sends one for the batch). Mails come back to be sent after commit (`send`).
 */
/** The creation events of a batch's requests, kept for `emitCreated`. */
type Batch = BookingTransition[];

export function batchBookings(ctx: BookingContext) {
  return {
    /** The circle policy and the caregiver's state, once for the whole series (the circle stays locked). */
    open: (tx: Tx, actor: Actor, caregiverId: number, circleId: number | undefined) =>
      openRequest(ctx, tx, actor, caregiverId, circleId),
    /**
     * One visit, requested exactly as a single booking is, without its notice (the series sends one) and
     * with its creation event kept in `batch` for `emitCreated`, once every visit is written.
     */
    request: (tx: Tx, actor: Actor, opened: OpenedRequest, time: RequestedTime, at: Date, batch: Batch) =>
      writeRequest(ctx, tx, actor, opened, time, at, { notify: false, batch }),
    /**
     * Many visits at once (a new series): one INSERT of the rows and one of their events for a family's own
     * series, one by one for a circle's (see writeRequests); creation events kept in `batch`.
     */
    requestMany: (
      tx: Tx,
      actor: Actor,
      opened: OpenedRequest,
      times: RequestedTime[],
      at: Date,
      batch: Batch,
    ) => writeRequests(ctx, tx, actor, opened, times, at, batch),
    /** The listeners for the batch's new requests (caregiver aggregates such as stats once, not per visit). */
    emitCreated: (tx: Tx, batch: BookingTransition[]) => ctx.events.emitCreated(tx, batch),
    /** The time the caregiver holds (pending and confirmed bookings) overlapping [from, to). */
    held: (tx: Tx, caregiverId: number, from: Date, to: Date) =>
      bookingRepo.heldBetween(tx, caregiverId, from, to),
    /** The series' visits (rows), first first. */
    visits: (tx: Tx, seriesId: number) => bookingRepo.ofSeries(tx, seriesId),
    /** Whether a visit has reached its caregiver (a circle's needs a payer's approval first). */
    caregiverSees,
    /**
     * One answer to one visit (accept, decline, cancel), with its own access check and rule; its own notice
     * only with `notify: true` (the series tells the parties once for all its visits).
     */
    answer: (tx: Tx, actor: Actor, id: number, answer: BookingAnswer, at: Date, opts: NoticeOption = {}) =>
      answerIn(ctx, tx, actor, id, answer, at, { notify: opts.notify ?? false }),
    views: (tx: Tx, seriesId: number, viewer: Actor) => seriesVisitViews(ctx.circles, tx, seriesId, viewer),
    caregiverIdOfUser: bookingRepo.caregiverIdOfUser,
    send: (mails: Mail[]) => sendAfterCommit(ctx.mailer, mails),
  };
}

export type { OpenedRequest, RequestedTime };
