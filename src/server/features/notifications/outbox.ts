import type { Mail } from '../../adapters/mailer';
import type { OutboxNotice } from '../../core/notice-types';
import type { Tx } from '../../db/client';
import type { ChannelPolicy, NoticeGroup } from './channel-policy';
import { preferencesPolicy } from './channel-preferences';
import { deliveryRepo } from './deliveries-repo';
import { notificationRepo } from './repo';

/** A cancellation this close to the start is critical (every allowed channel, no quiet hours). */
export const CRITICAL_CANCELLATION_MS = 24 * 3_600_000;

type Critical = boolean | 'within-24h-of-start';

/**
 * Every notice kind that goes through the outbox: the preference group it belongs to and whether it is
 * critical. Exact kinds first, then the prefix before the dot; anything else is a booking update.
 */
const NOTICE_KINDS: Record<string, { group: NoticeGroup; critical: Critical }> = {
  'booking.cancelled': { group: 'bookings', critical: 'within-24h-of-start' },
  'visit.no_show': { group: 'visits', critical: true },
  'visit.incident': { group: 'visits', critical: true },
  booking: { group: 'bookings', critical: false },
  series: { group: 'bookings', critical: false },
  payment: { group: 'bookings', critical: false },
  visit: { group: 'visits', critical: false },
  message: { group: 'messages', critical: false },
  emergency: { group: 'bookings', critical: true },
  // An admin alert of the money audit (ADR 0041): not held for quiet hours.
  'payment.reconciliation': { group: 'bookings', critical: true },
};

/** The group and critical flag of a notice of `kind` (for a booking starting at `startsAt`) at `at`. */
export function classifyNotice(kind: string, at: Date, startsAt?: Date) {
  const entry = NOTICE_KINDS[kind] ??
    NOTICE_KINDS[kind.split('.')[0] ?? ''] ?? { group: 'bookings', critical: false };
  const critical =
    entry.critical === 'within-24h-of-start'
      ? startsAt !== undefined && startsAt.getTime() - at.getTime() < CRITICAL_CANCELLATION_MS
      : entry.critical;
  return { group: entry.group, critical };
}

/**
 * Who decides each recipient's channels when the caller names no policy: the user's own preferences per
 * group and channel, their verified phone and quiet hours (ADR 0036).
 */
export const defaultChannelPolicy: ChannelPolicy = preferencesPolicy;

/**
 * Writes one notice for one person in `tx`: the in-app notification (always) and a delivery row for each
 * destination the channel policy allows (ADR 0033). Returns the rows due now, as mails carrying their
 * `deliveryId`: the caller hands them to the notice mailer after commit, which dispatches those rows (so a
 * rolled-back change sends nothing, and what the request caused is sent during the request). Rows held for
 * quiet hours are not returned: the deliveries job sends them when due.
 */
export async function queueNotice(
  tx: Tx,
  n: OutboxNotice,
  at: Date = new Date(),
  policy: ChannelPolicy = defaultChannelPolicy,
): Promise<Mail[]> {
  await notificationRepo.add(tx, {
    userId: n.userId,
    kind: n.kind,
    title: n.title,
    body: n.body,
    link: n.link,
  });
  const { group, critical } = classifyNotice(n.kind, at, n.startsAt);
  const decision = await policy(tx, { userId: n.userId, email: n.email, group, critical }, at);
  const held = !critical && decision.notBefore !== undefined && decision.notBefore > at;
  const subject = n.mail?.subject ?? `YaadCare: ${n.title}`;
  const rows = await deliveryRepo.insert(
    tx,
    decision.destinations.map((d) => ({
      userId: n.userId,
      kind: n.kind,
      channel: d.channel,
      destination: d.to,
      subject: d.channel === 'email' ? subject : null,
      body: d.channel === 'email' ? (n.mail?.text ?? n.body) : `YaadCare: ${n.title}. ${n.body}`,
      critical,
      nextAttemptAt: held && decision.notBefore ? decision.notBefore : at,
    })),
  );
  if (held) return [];
  return rows.map((r) => ({
    to: r.destination,
    subject: r.subject ?? n.title,
    text: r.body,
    deliveryId: r.id,
  }));
}

export type { OutboxNotice };
