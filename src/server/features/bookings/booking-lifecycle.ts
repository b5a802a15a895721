import { AUTO_COMPLETE_HOURS, PENDING_EXPIRY_HOURS } from '../../../shared/contracts/bookings';
import type { Mail } from '../../adapters/mailer';
import { type BookingContext, HOUR, sendAfterCommit } from './booking-context';
import type { BookingRow } from './events';
import { bookingRepo } from './repo';
import { applyTransition, isPastAnswerTime, type TransitionSpec } from './transition-booking';

/** The system's side of the state machine: expiry and auto-completion (run by the lifecycle job). */
export function bookingLifecycle(ctx: BookingContext) {
  const { db } = ctx;

  /**
   * Moves each booking that is still due (checked again under its lock) by `spec`, each in its own
   * transaction, with no actor; returns how many moved. Rows locked elsewhere are skipped.
   */
  async function moveDue(
    ids: number[],
    stillDue: (b: BookingRow) => boolean,
    spec: TransitionSpec,
    at: Date,
    mails: Mail[],
    signal?: AbortSignal,
  ): Promise<number> {
    let moved = 0;
    for (const id of ids) {
      // The server is stopping: the rest waits for the next run (on any instance).
      if (signal?.aborted) break;
      const done = await db.transaction(async (tx) => {
        const b = await bookingRepo.lockSkipLocked(tx, id);
        if (!b || !stillDue(b)) return false;
        const r = await applyTransition(ctx, tx, b, spec, null, at);
        mails.push(...r.mails);
        return true;
      });
      if (done) moved++;
    }
    return moved;
  }

  return {
    /**
     * The lifecycle job: expires unanswered requests and unapproved circle bookings (24 h, or at their
     * start) and completes confirmed
     * bookings 24 h after their end. Each booking is its own transaction; rows another transaction is
     * changing are skipped (SKIP LOCKED) and picked up next run, as is the rest once `signal` aborts.
     */
    async runLifecycle(at: Date, signal?: AbortSignal): Promise<{ expired: number; completed: number }> {
      const mails: Mail[] = [];
      // Unanswered requests, and circle bookings no payer approved in time (the caregiver never saw those).
      const expired = await moveDue(
        await bookingRepo.dueForExpiry(db, at, PENDING_EXPIRY_HOURS, 500),
        (b) => (b.status === 'pending' || b.status === 'awaiting_approval') && isPastAnswerTime(b, at),
        { from: ['pending', 'awaiting_approval'], to: 'expired', patch: { expiredAt: at } },
        at,
        mails,
        signal,
      );
      const completed = await moveDue(
        await bookingRepo.dueForCompletion(db, at, AUTO_COMPLETE_HOURS, 500),
        (b) => b.status === 'confirmed' && b.endsAt.getTime() + AUTO_COMPLETE_HOURS * HOUR <= at.getTime(),
        { from: ['confirmed'], to: 'completed', patch: { completedAt: at } },
        at,
        mails,
        signal,
      );
      await sendAfterCommit(ctx.mailer, mails);
      return { expired, completed };
    },
  };
}
