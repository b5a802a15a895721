import { sql } from 'drizzle-orm';
import { REVIEW_WINDOW_MS } from '../../../shared/review-window';
import type { Mailer } from '../../adapters/mailer';
import { COMPLETED_AT } from '../../core/completed-at';
import type { Db, Tx } from '../../db/client';
import { rows } from '../../db/raw-rows';
import { reviewReminders } from '../../db/schema';

/** A reminder goes out this long after completion, when the family has not reviewed yet. */
export const REMINDER_DELAY_MS = 60 * 60 * 1000;

/**
 * E-mails each family once, an hour after a booking was completed, to review it (only while the
 * 14-day window is open and no review exists). A booking is claimed before its mail is sent, so two
 * servers never send the same reminder.
 */
/** What the reminders need: the app's database, mailer and address, and the families' e-mail choices. */
export interface ReviewReminderDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** Whether the user wants e-mails of this group (notifications' preferences). */
  wantsEmail(tx: Tx | Db, userId: number, kind: 'reviews'): Promise<boolean>;
}

export async function sendReviewReminders(
  deps: ReviewReminderDeps,
  now: Date,
  /** Aborted when the server stops: the rest are sent by the next run. */
  signal?: AbortSignal,
): Promise<number> {
  const { db, mailer, publicUrl, wantsEmail } = deps;
  const from = new Date(now.getTime() - REVIEW_WINDOW_MS);
  const to = new Date(now.getTime() - REMINDER_DELAY_MS);
  const due = await rows<{
    id: number;
    family_id: number;
    email: string;
    first_name: string;
    caregiver_first_name: string;
    date: string;
  }>(
    db,
    sql`select b.id, b.family_id, f.email, f.first_name, cu.first_name as caregiver_first_name, b.date
        from bookings b
        join users f on f.id = b.family_id
        join caregivers c on c.id = b.caregiver_id
        join users cu on cu.id = c.user_id
        where b.status = 'completed' and ${COMPLETED_AT} > ${from} and ${COMPLETED_AT} <= ${to}
          and not exists (select 1 from reviews r where r.booking_id = b.id)
          and not exists (select 1 from review_reminders rr where rr.booking_id = b.id)
        order by b.id limit 500`,
  );
  let sent = 0;
  for (const b of due) {
    if (signal?.aborted) break;
    const claimed = await db
      .insert(reviewReminders)
      .values({ bookingId: b.id, sentAt: now })
      .onConflictDoNothing()
      .returning({ id: reviewReminders.bookingId });
    if (claimed.length === 0) continue;
    // Claimed either way: a family who turned review e-mails off is not asked later either.
    if (!(await wantsEmail(db, b.family_id, 'reviews'))) continue;
    await mailer.send({
      to: b.email,
      subject: `How was your booking with ${b.caregiver_first_name}?`,
      text: [
        `Hi ${b.first_name},`,
        '',
        `Your booking with ${b.caregiver_first_name} on ${b.date} is complete. Families trust YaadCare reviews because they come from real bookings like yours.`,
        '',
        `Leave a review (within 14 days): ${publicUrl.replace(/\/$/, '')}/dashboard?review=${b.id}`,
        '',
        'Reviews are double-blind: yours is published when your caregiver has also shared their feedback, or after 14 days.',
      ].join('\n'),
    });
    sent++;
  }
  return sent;
}

/** The reminder job's service: built once with the app's database, mailer and public address. */
export function createReviewReminderService(deps: ReviewReminderDeps) {
  return { send: (now: Date, signal?: AbortSignal) => sendReviewReminders(deps, now, signal) };
}
