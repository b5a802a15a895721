import { inArray } from 'drizzle-orm';
import {
  EMERGENCY_MESSAGES,
  emergencyTitle,
  formatJamaicaInstant,
} from '../../../shared/contracts/emergencies';
import type { Mail } from '../../adapters/mailer';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import type { EmergencyBookings, EmergencyNotices } from './ports';
import type { EmergencyRow } from './repo';

export type EmergencyEvent = 'declared' | 'extended' | 'ended';

interface Party {
  side: 'family' | 'caregiver';
  bookings: number;
}

const bookingsWord = (n: number) => (n === 1 ? 'one booking' : `${n} bookings`);

/** What each side reads, with what it means for them. */
function textFor(
  e: EmergencyRow,
  event: EmergencyEvent,
  p: Party,
  at: Date,
): { title: string; body: string } {
  const title = emergencyTitle(e);
  const until = `${formatJamaicaInstant(e.endsAt)} (Jamaica time)`;
  const yours = `You have ${bookingsWord(p.bookings)} there in this time`;
  if (event === 'ended') {
    return {
      title: `Ended — ${title}`,
      body: `The emergency for ${e.parishes.join(', ')} was ended at ${formatJamaicaInstant(at)}. ${yours}: the usual cancellation terms apply again.`,
    };
  }
  const window =
    event === 'declared'
      ? `From ${formatJamaicaInstant(e.startsAt)} until ${until}.`
      : `It now lasts until ${until}.`;
  const meaning =
    p.side === 'family'
      ? EMERGENCY_MESSAGES.cancelFree
      : 'You or the family can cancel them with no fee (the family is refunded in full). Your earnings for visits you already completed are not affected.';
  return {
    title: event === 'declared' ? title : `Extended — ${title}`,
    body: `${e.message} ${window} ${yours}. ${meaning}`,
  };
}

/**
 * Tells the families and caregivers with open bookings in the emergency's parishes and window, once per
 * user per event: in-app always, and through the delivery outbox as a critical notice (every channel their
 * policy allows). `window`: the
 * window the event is about (for an end: the rest of the window that no longer holds). Returns the mails
 * to send after commit.
 */
export async function notifyEmergency(
  tx: Tx,
  e: EmergencyRow,
  event: EmergencyEvent,
  window: { from: Date; to: Date },
  at: Date,
  publicUrl: string,
  ports: { bookings: Pick<EmergencyBookings, 'openInParishes'>; notices: EmergencyNotices },
): Promise<Mail[]> {
  const rows = await ports.bookings.openInParishes(tx, e.parishes, window.from, window.to, at);
  const parties = new Map<number, Party>();
  for (const r of rows) {
    for (const [userId, side] of [
      [r.familyUserId, 'family'],
      [r.caregiverUserId, 'caregiver'],
    ] as const) {
      const p = parties.get(userId) ?? { side, bookings: 0 };
      p.bookings += 1;
      parties.set(userId, p);
    }
  }
  if (parties.size === 0) return [];
  const people = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(inArray(users.id, [...parties.keys()]));
  const mails: Mail[] = [];
  for (const u of people) {
    const party = parties.get(u.id);
    if (!party) continue;
    const { title, body } = textFor(e, event, party, at);
    // A critical notice (ADR 0033): every channel the user's policy allows, quiet hours or not.
    mails.push(
      ...(await ports.notices.queue(
        tx,
        {
          userId: u.id,
          email: u.email,
          kind: `emergency.${event}`,
          title,
          body,
          link: '/bookings',
          mail: {
            subject: `YaadCare: ${title}`,
            text: `Hi ${u.firstName},\n\n${body}\n\nSee your bookings: ${publicUrl}/bookings\n\n— YaadCare`,
          },
        },
        at,
      )),
    );
  }
  return mails;
}
