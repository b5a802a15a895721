import { clock24, PANEL_DURATIONS, parseClock } from '../../../shared/contracts/bookings';
import {
  REBOOK_MESSAGES,
  type RebookOptions,
  type RebookRequest,
} from '../../../shared/contracts/favourites';
import type { FeatureGate } from '../../../shared/plan-features';
import type { Db, Tx } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import type { BookingService, BookingTemplate } from '../bookings';

type Family = Pick<SessionUser, 'id' | 'userType' | 'firstName'>;

export interface RebookDeps {
  db: Db;
  bookings: Pick<BookingService, 'create'>;
  gate: FeatureGate;
  /** The family's last booking with a caregiver (bookings' lookups). */
  records: RebookRecords;
}

/** What a rebook copies: the family's own last confirmed or completed booking with a caregiver (bookings). */
export interface RebookRecords {
  lastBookedWith(tx: Tx, familyUserId: number, caregiverId: number): Promise<BookingTemplate | undefined>;
}

/**
 * Favourites' one-tap rebook (issue 21, a Family Plan feature gated here on the server): the family's last
 * confirmed or completed booking with a favourite caregiver, repeated on a new date through the bookings
 * service's own request path (priced there, never overlapping, pending until the caregiver accepts).
 */
export function createRebookService({ db, bookings, gate, records }: RebookDeps) {
  return {
    /** Refuses a family whose plan does not include it (403 PLAN_REQUIRED), before any body is read. */
    async assertAllowed(family: Family): Promise<void> {
      if (!(await gate.allows(String(family.id), 'favourites_rebook'))) {
        throw forbidden(REBOOK_MESSAGES.planRequired, 'PLAN_REQUIRED');
      }
    },

    async options(family: Family, caregiverId: number): Promise<RebookOptions> {
      const allowed = await gate.allows(String(family.id), 'favourites_rebook');
      const last = await db.transaction((tx) => records.lastBookedWith(tx, family.id, caregiverId));
      return {
        allowed,
        last: last
          ? { date: last.date, startTime: last.startTime, duration: last.duration, notes: last.notes }
          : null,
      };
    },

    async rebook(family: Family, caregiverId: number, body: RebookRequest) {
      await this.assertAllowed(family);
      const last = await db.transaction((tx) => records.lastBookedWith(tx, family.id, caregiverId));
      if (!last) throw notFound(REBOOK_MESSAGES.neverBooked);
      const startTime = body.startTime ?? last.startTime;
      return bookings.create(family, {
        caregiverId,
        date: body.date,
        startTime,
        ...lengthOf(startTime, last.duration),
        notes: last.notes,
      });
    },
  };
}

/**
 * The same length as the last booking, in the shape the bookings service takes: one of the profile panel's
 * durations, or else an end time on the same day (a start it cannot parse is left to its 400).
 */
function lengthOf(startTime: string, hours: number): { duration: number } | { endTime: string } {
  if ((PANEL_DURATIONS as readonly number[]).includes(hours)) return { duration: hours };
  const start = parseClock(startTime) ?? 0;
  return { endTime: clock24(start + hours * 60) };
}
