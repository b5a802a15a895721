import { backupHoldUntil } from '../../../shared/backup-hold-window';
import { BACKUP_RULES } from '../../../shared/contracts/backups';
import { formatMemberMoment } from '../../../shared/member-time';
import { formatJmd } from '../../../shared/money';
import { ledger } from '../../core/ledger/service';
import type { Tx } from '../../db/client';
import type { Notice } from './circle-notices';
import type { BookingRow } from './events';
import { bookingRepo } from './repo';

/** What a notice says about backups (ADR 0034): a dropped booking, a no-show replaced, a backup request. */
export type BackupFacts =
  | { kind: 'dropped'; link: string; hold: { amount: string; until: string } | null }
  | { kind: 'no_show' }
  | { kind: 'request' };

/** The backup side of a booking notice, when there is one. */
export async function backupFactsOf(
  tx: Tx,
  b: BookingRow,
  event: string,
  byCaregiver: boolean,
  /** The family's time zone: the hold's end is computed and written in it. */
  familyTimeZone: string | null = null,
): Promise<BackupFacts | undefined> {
  if (event === 'pending' && b.rebookedFrom !== null) return { kind: 'request' };
  if (event !== 'cancelled') return undefined;
  if (b.cancelReason === 'no_show') return { kind: 'no_show' };
  if (b.cancelReason !== null || !byCaregiver || !b.cancelledAt) return undefined;
  const events = await bookingRepo.events(tx, b.id);
  if (!events.some((e) => e.toStatus === 'cancelled' && e.fromStatus === 'confirmed')) return undefined;
  // The settlement kept the family's hold for a backup (it runs before the notices).
  const held = await ledger.bookingAccountBalance(tx, b.id, 'booking_hold');
  return {
    kind: 'dropped',
    link: `/bookings/${b.id}/backups`,
    hold:
      held > 0
        ? {
            amount: formatJmd(held),
            until: formatMemberMoment(
              backupHoldUntil({ cancelledAt: b.cancelledAt, startsAt: b.startsAt, timeZone: familyTimeZone }),
              familyTimeZone,
            ),
          }
        : null,
  };
}

interface Words {
  when: string;
  caregiver: string;
  family: string;
  total: string;
  earnings: string;
}

const ANSWER_HOURS = BACKUP_RULES.answerWithinMs / 3_600_000;

/** The family's and the caregiver's words for each backup case. */
export function backupTexts(bf: BackupFacts, f: Words): { family: Notice; caregiver: Notice } {
  switch (bf.kind) {
    case 'dropped':
      return {
        family: {
          title: 'Your caregiver cancelled — choose a backup',
          body: `${f.caregiver} cancelled your booking for ${f.when} (total ${f.total}). Up to three verified caregivers free at that time are ready for you: book one in one tap. ${
            bf.hold
              ? `Your hold of ${bf.hold.amount} stays until ${bf.hold.until} in case you choose a backup; otherwise it is released in full.`
              : 'You are not charged for the cancelled booking.'
          }`,
        },
        caregiver: {
          title: 'Booking cancelled',
          body: `You cancelled ${f.family}'s booking for ${f.when} (${f.earnings} to you). The family is offered other caregivers.`,
        },
      };
    case 'no_show':
      return {
        family: {
          title: 'Visit cancelled: no check-in',
          body: `The visit with ${f.caregiver} on ${f.when} is cancelled: ${f.caregiver} did not check in and you booked a backup. Nothing is charged for this visit.`,
        },
        caregiver: {
          title: 'Visit cancelled: no check-in',
          body: `The visit for ${f.family} on ${f.when} was cancelled: you had not checked in and the family booked another caregiver. Nothing is earned for it.`,
        },
      };
    case 'request':
      return {
        family: {
          title: `Backup request sent to ${f.caregiver}`,
          body: `Your backup request to ${f.caregiver} for ${f.when} is sent (total ${f.total}, service fee included). ${f.caregiver} has ${ANSWER_HOURS} hours to answer; if they decline or do not answer, anything held for it is released in full.`,
        },
        caregiver: {
          title: 'Urgent: backup request',
          body: `${f.family} needs a caregiver for ${f.when}: theirs cannot come. You would earn ${f.earnings}. Please accept or decline within ${ANSWER_HOURS} hours.`,
        },
      };
  }
}
