import type { Mail } from '../../adapters/mailer';
import type { OutboxNotice } from '../../core/notice-types';
import type { Db, Tx } from '../../db/client';
import type { adminAudit } from '../../db/schema';

// What parish emergency mode asks of other features, given by the composition root (src/server/wiring/services.ts).

/** The admins' audit log: each change to an emergency is recorded there and shown as its history. */
export interface EmergencyAudit {
  record(tx: Tx, row: typeof adminAudit.$inferInsert): Promise<void>;
  historyOf(
    db: Db | Tx,
    subjectType: string,
    subjectIds: number[],
  ): Promise<(typeof adminAudit.$inferSelect & { actorName: string | null })[]>;
}

/** The bookings an emergency touches: the parish where each one's care happens, and the open ones in a window. */
export interface EmergencyBookings {
  placeParishes(tx: Tx, ids: number[]): Promise<Map<number, string | null>>;
  openInParishes(
    tx: Tx,
    parishes: string[],
    from: Date,
    to: Date,
    at: Date,
  ): Promise<{ familyUserId: number; caregiverUserId: number }[]>;
}

/** A critical notice to one user: in-app now, and through the delivery outbox (returns mails to send after commit). */
export interface EmergencyNotices {
  queue(tx: Tx, n: Omit<OutboxNotice, 'startsAt'>, at: Date): Promise<Mail[]>;
}
