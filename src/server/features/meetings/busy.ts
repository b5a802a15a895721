import type { Db } from '../../db/client';
import { describeMeeting, displayName } from './notices';
import { meetingRepo as repo } from './repo';

/** What other features read of meetings (issue 33): a caregiver's busy time and a user's calendar. */
export interface MeetingBusy {
  /** The caregiver's (caregivers.id) agreed meetings overlapping [from, to), earliest first. */
  busyOf(caregiverId: number, from: Date, to: Date): Promise<{ startsAt: Date; endsAt: Date }[]>;
  /** The user's agreed meetings (as the family who asked or as the caregiver), for a calendar feed. */
  meetingsOf(
    userId: number,
  ): Promise<{ id: number; startsAt: Date; endsAt: Date; title: string; mode: string }[]>;
}

/**
 * The meetings' port for free slots and calendar feeds: confirmed meetings (and completed ones, which were
 * confirmed and are past) on the database given. No note, place or video link leaves through it.
 */
export function meetingBusy(db: Db): MeetingBusy {
  return {
    busyOf: (caregiverId, from, to) => repo.busyOf(db, caregiverId, from, to),
    async meetingsOf(userId) {
      const rows = await repo.agreedOf(db, userId);
      return rows.flatMap(({ m, family, caregiver }) => {
        if (!m.startsAt || !m.endsAt) return [];
        const other = caregiver.userId === userId ? family : caregiver;
        const what = describeMeeting(m);
        return [
          {
            id: m.id,
            startsAt: m.startsAt,
            endsAt: m.endsAt,
            title: `Meeting with ${displayName(other)} (${what})`,
            mode: m.mode,
          },
        ];
      });
    },
  };
}
