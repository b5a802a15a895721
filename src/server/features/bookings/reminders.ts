import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { FeatureGate } from '../../../shared/plan-features';
import type { Mail, Mailer } from '../../adapters/mailer';
import type { Db, Tx } from '../../db/client';
import { bookingReminders, bookings } from '../../db/schema';
import { type BookingOutboxNotice, sendAfterCommit } from './booking-context';
import { describeWhen, shortName } from './notices';
import { bookingRepo } from './repo';

const HOUR = 3_600_000;
/** A confirmed booking is reminded of once, from 24 h before its start… */
export const REMINDER_LEAD_MS = 24 * HOUR;
/** …unless it starts within the hour (booked or confirmed at the last minute: nothing to remind). */
export const REMINDER_MIN_LEAD_MS = HOUR;

export interface BookingReminderDeps {
  db: Db;
  mailer: Mailer;
  /** Whether the family's plan includes booking reminders by SMS (issue 21). */
  gate: FeatureGate;
  /** The delivery outbox and the reminders' channel policy (notifications; issue 31: the reminders' port). */
  notices: BookingReminderNotices;
}

/**
 * A reminder through the delivery outbox, on the user's channels for booking updates; with `smsReminders`
 * (their plan includes it) also by SMS to their verified phone (the notifications' reminder policy).
 */
export interface BookingReminderNotices {
  queueReminder(tx: Tx, n: BookingOutboxNotice, at: Date, smsReminders: boolean): Promise<Mail[]>;
}

/**
 * Day-before reminders to the family side of every confirmed booking (issue 21): in-app and by the family's
 * preferences for booking updates; by SMS to a verified phone when their plan includes it, never otherwise.
 * One per booking (a row in booking_reminders claims it, so two instances never send twice).
 */
export function createBookingReminders({ db, mailer, gate, notices }: BookingReminderDeps) {
  return {
    async sendDue(at: Date, signal?: AbortSignal): Promise<{ sent: number }> {
      const due = await db
        .select({ id: bookings.id, familyId: bookings.familyId })
        .from(bookings)
        .leftJoin(bookingReminders, eq(bookingReminders.bookingId, bookings.id))
        .where(
          and(
            eq(bookings.status, 'confirmed'),
            isNull(bookingReminders.bookingId),
            gt(bookings.startsAt, new Date(at.getTime() + REMINDER_MIN_LEAD_MS)),
            lte(bookings.startsAt, new Date(at.getTime() + REMINDER_LEAD_MS)),
          ),
        )
        .limit(500);
      let sent = 0;
      for (const { id, familyId } of due) {
        if (signal?.aborted) break;
        // Asked before the transaction: the gate reads on its own connection (PGlite has only one).
        const sms = await gate.allows(String(familyId), 'sms_reminders');
        const mails: Mail[] | undefined = await db.transaction(async (tx) => {
          const claimed = await tx
            .insert(bookingReminders)
            .values({ bookingId: id, sentAt: at })
            .onConflictDoNothing()
            .returning();
          if (!claimed.length) return undefined;
          const joined = await bookingRepo.getJoined(tx, id);
          if (joined?.b.status !== 'confirmed') return undefined;
          const { b, cu, fu } = joined;
          const who = shortName(cu);
          return notices.queueReminder(
            tx,
            {
              userId: fu.id,
              email: fu.email,
              kind: 'booking.reminder',
              title: `Reminder: ${cu.firstName} comes ${describeWhen(b)}`,
              body: `${who} is booked ${describeWhen(b)}. To change or cancel, open your bookings on YaadCare.`,
              link: '/bookings',
              startsAt: b.startsAt,
            },
            at,
            sms,
          );
        });
        if (!mails) continue;
        sent += 1;
        await sendAfterCommit(mailer, mails);
      }
      return { sent };
    },
  };
}

export type BookingReminders = ReturnType<typeof createBookingReminders>;
