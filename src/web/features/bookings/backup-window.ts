import { BACKUP_RULES } from '../../../shared/contracts/backups';
import type { BookingView } from '../../../shared/contracts/bookings';

/**
 * Whether a family's booking card links to backup offers (ADR 0034): its caregiver cancelled it, or it is
 * confirmed and 15 minutes past its start (the server knows whether they checked in), until 2 hours after
 * the start. The offers page says what the server decided.
 */
export function backupsMayOpen(
  b: Pick<BookingView, 'status' | 'cancelledBy' | 'caregiver' | 'startsAt' | 'endsAt'>,
  now: Date,
): boolean {
  const start = new Date(b.startsAt).getTime();
  const until = Math.min(start + BACKUP_RULES.openAfterStartMs, new Date(b.endsAt).getTime());
  if (now.getTime() >= until) return false;
  if (b.status === 'cancelled') return b.cancelledBy !== null && b.cancelledBy === b.caregiver.userId;
  return b.status === 'confirmed' && now.getTime() >= start + BACKUP_RULES.noShowAfterMs;
}
