import type { Mail } from '../../adapters/mailer';
import type { Tx } from '../../db/client';
import type { VisitBooking } from '../bookings/service';
import { circleBookingRules } from '../circles/service';
import { wantsEmail } from '../notifications/preferences';
import { notificationService } from '../notifications/service';

interface Recipient {
  userId: number;
  firstName: string;
  email: string;
}

interface Notice {
  kind: string;
  title: string;
  body: string;
}

const shortName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName.slice(0, 1)}.`;

/** The family side of a booking: the family who booked, and every member of its care circle (viewers too). */
export async function familySide(tx: Tx, vb: VisitBooking): Promise<Recipient[]> {
  const people = new Map<number, Recipient>([[vb.family.userId, vb.family]]);
  if (vb.booking.circleId !== null) {
    for (const m of await circleBookingRules.members(tx, vb.booking.circleId)) {
      if (!people.has(m.userId)) people.set(m.userId, m);
    }
  }
  return [...people.values()];
}

/** How the caregiver names the family: a circle's booking is "Hyacinth’s family", never who pays. */
async function familyName(tx: Tx, vb: VisitBooking) {
  const circle =
    vb.booking.circleId === null ? undefined : await circleBookingRules.find(tx, vb.booking.circleId);
  return circle ? `${circle.recipientFirstName}’s family` : shortName(vb.family);
}

/**
 * Writes each recipient's in-app notification (always) in `tx` and returns the e-mails for those who keep
 * "Booking updates" e-mails on; the caller sends them after commit.
 */
async function deliver(tx: Tx, publicUrl: string, to: Recipient[], notice: Notice): Promise<Mail[]> {
  const mails: Mail[] = [];
  for (const r of to) {
    await notificationService.add(tx, { userId: r.userId, ...notice, link: '/bookings' });
    if (!(await wantsEmail(tx, r.userId, 'bookings'))) continue;
    mails.push({
      to: r.email,
      subject: `YaadCare: ${notice.title}`,
      text: `Hi ${r.firstName},\n\n${notice.body}\n\nSee your bookings: ${publicUrl}/bookings\n\n— YaadCare`,
    });
  }
  return mails;
}

const SEVERITY = { low: 'minor', medium: 'moderate', high: 'serious' } as const;

/** An incident: the family and every circle member hear of it at once. */
export async function notifyIncident(
  tx: Tx,
  publicUrl: string,
  vb: VisitBooking,
  incident: { severity: keyof typeof SEVERITY; text: string },
): Promise<Mail[]> {
  const title = `${incident.severity === 'high' ? 'Serious incident' : 'Incident'} during the visit`;
  const body = `${shortName(vb.caregiver)} reported a ${SEVERITY[incident.severity]} incident during the visit on ${vb.when}: “${incident.text}”`;
  return deliver(tx, publicUrl, await familySide(tx, vb), { kind: 'visit.incident', title, body });
}

/** No check-in 15 minutes after the start: the family and the caregiver hear "no-show?" once. */
export async function notifyNoShow(tx: Tx, publicUrl: string, vb: VisitBooking): Promise<Mail[]> {
  const caregiver = shortName(vb.caregiver);
  const family = await deliver(tx, publicUrl, [vb.family], {
    kind: 'visit.no_show',
    title: 'No check-in yet',
    body: `${caregiver} has not checked in for the visit on ${vb.when}, 15 minutes after it was due to start. You may want to message them.`,
  });
  const own = await deliver(tx, publicUrl, [vb.caregiver], {
    kind: 'visit.no_show',
    title: 'You have not checked in',
    body: `Your visit for ${await familyName(tx, vb)} on ${vb.when} started 15 minutes ago and you have not checked in. If you are there, check in now; if you cannot come, tell the family.`,
  });
  return [...family, ...own];
}
