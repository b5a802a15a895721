import { BACKUP_RULES } from '../../../shared/contracts/backups';
import type { BookingView, DeclineReason } from '../../../shared/contracts/bookings';
import {
  BOOKING_MESSAGES,
  cancellationTerms,
  PENDING_EXPIRY_HOURS,
} from '../../../shared/contracts/bookings';
import { toCents } from '../../../shared/money';
import type { Mail } from '../../adapters/mailer';
import type { Tx } from '../../db/client';
import type { bookings } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import { type Actor, type BookingContext, HOUR, sendAfterCommit } from './booking-context';
import { viewOf } from './booking-view';
import { actsForCircle } from './circle-rules';
import { counterRepo } from './counter-repo';
import type { BookingRow, BookingStatus } from './events';
import { notifyBookingParties } from './notices';
import { bookingRepo, caregiverSees } from './repo';

/** notify: false when the caller tells the parties itself (a series sends one notice for all its visits). */
export interface NoticeOption {
  notify?: boolean;
  /** The caregiver's reason for declining, told to the family. */
  declineReason?: DeclineReason;
}

export interface TransitionSpec {
  to: BookingStatus;
  from: readonly BookingStatus[];
  patch?: Partial<typeof bookings.$inferInsert>;
}

/** Both parties hear of it: in-app, and on the channels their policy allows after commit (ADR 0033). */
export async function notifyTransition(
  ctx: BookingContext,
  tx: Tx,
  row: BookingRow,
  to: BookingStatus,
  actorUserId: number | null,
  declineReason?: DeclineReason,
) {
  const lateFeeCents = to === 'cancelled' ? await lateFeeOf(ctx, tx, row) : undefined;
  return notifyBookingParties(ctx, tx, row.id, to, {
    publicUrl: ctx.publicUrl,
    actorUserId,
    lateFeeCents,
    declineReason,
    at: ctx.now(),
  });
}

async function lateFeeOf(ctx: BookingContext, tx: Tx, row: BookingRow): Promise<number | undefined> {
  // A visit released unpaid (ADR 0032) costs nobody a fee.
  if (row.status !== 'cancelled' || !row.cancelledAt || row.cancelReason !== null) return undefined;
  const prior = (await bookingRepo.events(tx, row.id)).filter((e) => e.toStatus !== 'cancelled').pop();
  const terms = cancellationTerms(
    {
      status: prior?.toStatus ?? 'pending',
      startsAt: row.startsAt,
      hourlyRateCents: toCents(row.hourlyRate),
      duration: row.duration,
    },
    await bookingRepo.cancelledBySide(tx, row),
    row.cancelledAt,
  );
  // A parish emergency covering the booking waives the fee (the settlement asks the same rule).
  if (terms.lateFee > 0 && (await ctx.emergencies.coverOf(tx, [row], row.cancelledAt)).has(row.id)) return 0;
  return terms.lateFee;
}

/**
 * Writes one state change: the row, the event (who and when), every listener (payments, stats) and
 * notifications for the other side — all in `tx`. Returns the mails to send after commit.
 */
export async function applyTransition(
  ctx: BookingContext,
  tx: Tx,
  booking: BookingRow,
  spec: TransitionSpec,
  actorUserId: number | null,
  at: Date,
  opts: NoticeOption = {},
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
  // A request answered, expired or withdrawn: a proposal of another time for it closes with it (ADR 0048).
  if (booking.status === 'pending') await counterRepo.closeOpen(tx, booking.id, 'closed', at, actorUserId);
  await bookingRepo.addEvent(tx, { bookingId: row.id, from: booking.status, to: spec.to, actorUserId, at });
  await ctx.events.emit(tx, { booking: row, from: booking.status, to: spec.to, actorUserId, at });
  const mails =
    opts.notify === false
      ? []
      : await notifyTransition(ctx, tx, row, spec.to, actorUserId, opts.declineReason);
  return { row, mails };
}

/**
 * The booking if the actor is its family (for a care circle's booking: a member the circle policy lets book;
 * one it does not gets 403) or its caregiver (who never sees a circle booking before a payer approved it);
 * 404 otherwise (no probing).
 */
export async function lockOwned(ctx: BookingContext, tx: Tx, actor: Actor, id: number) {
  const booking = await bookingRepo.lock(tx, id);
  if (!booking) throw notFound(BOOKING_MESSAGES.notYours);
  const caregiverId =
    actor.userType === 'caregiver' ? await bookingRepo.caregiverIdOfUser(tx, actor.id) : undefined;
  const isFamily =
    booking.circleId === null
      ? booking.familyId === actor.id
      : actor.userType === 'family' && (await actsForCircle(ctx, tx, booking.circleId, actor, 'book'));
  const isCaregiver =
    caregiverId !== undefined && booking.caregiverId === caregiverId && caregiverSees(booking);
  if (!isFamily && !isCaregiver) throw notFound(BOOKING_MESSAGES.notYours);
  return { booking, isFamily, isCaregiver };
}

const onlyCaregiver = (isCaregiver: boolean, what: string) => {
  if (!isCaregiver) throw forbidden(`Only the caregiver can ${what} this booking.`);
};

type Decide = (ctx: {
  booking: BookingRow;
  isFamily: boolean;
  isCaregiver: boolean;
  actorId: number;
  at: Date;
}) => TransitionSpec;

/** Each side's answers to a booking and what each allows: accept, decline, cancel, complete. */
const ANSWERS = {
  accept: ({ booking, isCaregiver, at }) => {
    onlyCaregiver(isCaregiver, 'accept');
    if (booking.status === 'pending' && isPastAnswerTime(booking, at)) {
      throw conflict('This booking request has expired.', 'BOOKING_INVALID_TRANSITION');
    }
    return { from: ['pending'], to: 'confirmed', patch: { confirmedAt: at } };
  },

  decline: ({ isCaregiver, at }) => {
    onlyCaregiver(isCaregiver, 'decline');
    return { from: ['pending'], to: 'declined', patch: { declinedAt: at } };
  },

  cancel: ({ booking, actorId, at }) => {
    if (
      (booking.status === 'awaiting_approval' ||
        booking.status === 'pending' ||
        booking.status === 'confirmed') &&
      booking.startsAt.getTime() <= at.getTime()
    ) {
      throw conflict(
        'This booking has already started and can no longer be cancelled.',
        'BOOKING_INVALID_TRANSITION',
      );
    }
    return {
      from: ['awaiting_approval', 'pending', 'confirmed'],
      to: 'cancelled',
      patch: { cancelledAt: at, cancelledBy: actorId },
    };
  },

  complete: ({ booking, isCaregiver, at }) => {
    onlyCaregiver(isCaregiver, 'complete');
    if (booking.status === 'confirmed' && booking.endsAt.getTime() > at.getTime()) {
      throw conflict('You can mark this booking completed once it has ended.', 'BOOKING_INVALID_TRANSITION');
    }
    return { from: ['confirmed'], to: 'completed', patch: { completedAt: at } };
  },
} satisfies Record<string, Decide>;

export type BookingAnswer = keyof typeof ANSWERS;

/**
 * One side's answer to one booking inside `tx`: the booking locked, the actor's right to it (404/403), the
 * answer's rule (409), then the transition with its listeners and notices. Returns the mails to send after
 * commit.
 */
export async function answerIn(
  ctx: BookingContext,
  tx: Tx,
  actor: Actor,
  id: number,
  answer: BookingAnswer,
  at: Date,
  opts: NoticeOption = {},
): Promise<Mail[]> {
  const owned = await lockOwned(ctx, tx, actor, id);
  const spec: TransitionSpec = ANSWERS[answer]({ ...owned, actorId: actor.id, at });
  const { mails } = await applyTransition(ctx, tx, owned.booking, spec, actor.id, at, opts);
  return mails;
}

/** The family's and the caregiver's answers to a booking: accept, decline, cancel, complete. */
export function bookingTransitions(ctx: BookingContext) {
  async function act(
    actor: Actor,
    id: number,
    answer: BookingAnswer,
    opts: NoticeOption = {},
  ): Promise<BookingView> {
    const at = ctx.now();
    const { view, mails } = await ctx.db.transaction(async (tx) => {
      const mails = await answerIn(ctx, tx, actor, id, answer, at, opts);
      return { view: await viewOf(ctx.circles, tx, id, actor, ctx.now()), mails };
    });
    await sendAfterCommit(ctx.mailer, mails);
    return view;
  }

  return {
    accept: (actor: Actor, id: number) => act(actor, id, 'accept'),
    decline: (actor: Actor, id: number, reason?: DeclineReason) =>
      act(actor, id, 'decline', { declineReason: reason }),
    cancel: (actor: Actor, id: number) => act(actor, id, 'cancel'),
    complete: (actor: Actor, id: number) => act(actor, id, 'complete'),
  };
}

/**
 * A request can no longer be answered 24 h after it was made (a circle's approved request: after it was
 * approved; one moved to another time: after the move; one awaiting approval: after it was made), or once
 * its start has come.
 */
export function isPastAnswerTime(b: BookingRow, at: Date): boolean {
  // A backup request (ADR 0034) is urgent: answered within a short window, and possible after the start
  // (a backup arriving late still helps) until the end.
  if (b.rebookedFrom !== null) {
    const from = (b.rescheduledAt ?? b.approvalAt ?? b.createdAt).getTime();
    return Math.min(from + BACKUP_RULES.answerWithinMs, b.endsAt.getTime()) <= at.getTime();
  }
  return (
    (b.rescheduledAt ?? b.approvalAt ?? b.createdAt).getTime() + PENDING_EXPIRY_HOURS * HOUR <=
      at.getTime() || b.startsAt.getTime() <= at.getTime()
  );
}

function illegalMessage(from: BookingStatus, to: BookingStatus): string {
  const verbs: Record<BookingStatus, string> = {
    awaiting_approval: 'sent for approval',
    pending: 'requested',
    confirmed: 'confirmed',
    declined: 'declined',
    expired: 'expired',
    cancelled: 'cancelled',
    completed: 'completed',
  };
  const now =
    from === 'pending'
      ? 'still pending'
      : from === 'awaiting_approval'
        ? 'awaiting approval'
        : `already ${verbs[from]}`;
  return `This booking is ${now} and cannot be ${to === 'pending' ? 'approved' : verbs[to]}.`;
}
