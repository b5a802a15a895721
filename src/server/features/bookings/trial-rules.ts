import { BOOKING_MESSAGES, TRIAL_END_WINDOW_DAYS, TRIAL_MAX_HOURS } from '../../../shared/contracts/bookings';
import type { Tx } from '../../db/client';
import { badRequest } from '../../errors';
import { HOUR } from './booking-context';
import type { BookingRow } from './events';
import { type FamilySideKey, trialRepo } from './trial-repo';

/** Trial visits' rules (ADR 0048): who may mark a request a trial, and until when a trial may end things. */

const DAY = 24 * HOUR;

/**
 * A request marked a trial (ADR 0048): at most TRIAL_MAX_HOURS, and only while this family side (the household,
 * or the care circle) has had no completed visit with the caregiver; 400 naming `isTrial` otherwise.
 */
export async function checkTrialRequest(
  tx: Tx,
  caregiverId: number,
  side: FamilySideKey,
  duration: number,
): Promise<void> {
  const refuse = (message: string) => badRequest(message, [{ path: 'isTrial', message }]);
  if (duration > TRIAL_MAX_HOURS) throw refuse(BOOKING_MESSAGES.trialTooLong);
  if (await trialRepo.hasCompletedWith(tx, caregiverId, side)) throw refuse(BOOKING_MESSAGES.trialNotFirst);
}

/** Until when either side may end the relationship after a completed trial visit. */
export const trialEndDeadline = (b: Pick<BookingRow, 'endsAt'>) =>
  new Date(b.endsAt.getTime() + TRIAL_END_WINDOW_DAYS * DAY);

/** Whether the relationship may still be ended after this booking at `at` (by one of its parties). */
export const trialEndable = (
  b: Pick<BookingRow, 'isTrial' | 'status' | 'endsAt' | 'trialEndedAt'>,
  at: Date,
) =>
  b.isTrial &&
  b.status === 'completed' &&
  b.trialEndedAt === null &&
  at.getTime() <= trialEndDeadline(b).getTime();
