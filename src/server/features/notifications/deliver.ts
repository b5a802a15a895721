import type { Mail } from '../../adapters/mailer';
import type { BookingNotice, NoticeRecipient } from '../../core/notice-types';
import type { Tx } from '../../db/client';
import { queueNotice } from './outbox';

/**
 * Writes each recipient's in-app notification (always) and delivery rows for the channels their policy
 * allows (ADR 0033) in `tx`, and returns the rows due now as mails carrying their `deliveryId`: the caller
 * hands them to its (notice) mailer after commit, so a rolled-back change sends nothing.
 */
export async function deliverBookingNotice(
  tx: Tx,
  publicUrl: string,
  to: NoticeRecipient[],
  notice: BookingNotice | ((r: NoticeRecipient) => BookingNotice),
  at: Date = new Date(),
): Promise<Mail[]> {
  const mails: Mail[] = [];
  for (const r of to) {
    const n = typeof notice === 'function' ? notice(r) : notice;
    const link = n.link ?? '/bookings';
    const text = `Hi ${r.firstName},\n\n${n.body}\n\nSee your bookings: ${publicUrl}${link}\n\n— YaadCare`;
    mails.push(
      ...(await queueNotice(
        tx,
        {
          userId: r.userId,
          email: r.email,
          kind: n.kind,
          title: n.title,
          body: n.body,
          link,
          mail: { subject: `YaadCare: ${n.title}`, text },
          startsAt: n.startsAt,
        },
        at,
      )),
    );
  }
  return mails;
}

export type { BookingNotice, NoticeRecipient };
