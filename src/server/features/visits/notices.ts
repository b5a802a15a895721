import type { Mail } from '../../adapters/mailer';
import type { Tx } from '../../db/client';
import type { VisitBooking } from '../bookings';
import type { NoticeRecipient as Recipient, VisitCircleRules, VisitNotices } from './ports';

const shortName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName.slice(0, 1)}.`;

/** The visit notices, on the circles' access and the notice delivery services.ts passes (visits' ports). */
export function visitNotices(circles: Pick<VisitCircleRules, 'members' | 'find'>, notices: VisitNotices) {
  const deliver = notices.deliver;

  /** The family side of a booking: the family who booked, and every member of its care circle (viewers too). */
  async function familySide(tx: Tx, vb: VisitBooking): Promise<Recipient[]> {
    const people = new Map<number, Recipient>([[vb.family.userId, vb.family]]);
    if (vb.booking.circleId !== null) {
      for (const m of await circles.members(tx, vb.booking.circleId)) {
        if (!people.has(m.userId)) people.set(m.userId, m);
      }
    }
    return [...people.values()];
  }

  /** How the caregiver names the family: a circle's booking is "Hyacinth’s family", never who pays. */
  async function familyName(tx: Tx, vb: VisitBooking) {
    const circle = vb.booking.circleId === null ? undefined : await circles.find(tx, vb.booking.circleId);
    return circle ? `${circle.recipientFirstName}’s family` : shortName(vb.family);
  }

  const SEVERITY = { low: 'minor', medium: 'moderate', high: 'serious' } as const;

  /** An incident: the family and every circle member hear of it at once. */
  async function notifyIncident(
    tx: Tx,
    publicUrl: string,
    vb: VisitBooking,
    incident: { severity: keyof typeof SEVERITY; text: string },
    at: Date,
  ): Promise<Mail[]> {
    const title = `${incident.severity === 'high' ? 'Serious incident' : 'Incident'} during the visit`;
    const body = `${shortName(vb.caregiver)} reported a ${SEVERITY[incident.severity]} incident during the visit on ${vb.when}: “${incident.text}”`;
    return deliver(tx, publicUrl, await familySide(tx, vb), { kind: 'visit.incident', title, body }, at);
  }

  /** No check-in 15 minutes after the start: the family and the caregiver hear "no-show?" once. */
  async function notifyNoShow(tx: Tx, publicUrl: string, vb: VisitBooking, at: Date): Promise<Mail[]> {
    const caregiver = shortName(vb.caregiver);
    // The whole family side hears of it (a circle's members too): a coordinator can book the backup.
    const family = await deliver(
      tx,
      publicUrl,
      await familySide(tx, vb),
      {
        kind: 'visit.no_show',
        title: 'No check-in yet',
        body: `${caregiver} has not checked in for the visit on ${vb.when}, 15 minutes after it was due to start. You may want to message them. If they cannot come, choose a backup: up to three verified caregivers free now, booked in one tap.`,
        // The offers of a no-show (ADR 0034): this notice carries the link, no second notice.
        link: `/bookings/${vb.booking.id}/backups`,
      },
      at,
    );
    const own = await deliver(
      tx,
      publicUrl,
      [vb.caregiver],
      {
        kind: 'visit.no_show',
        title: 'You have not checked in',
        body: `Your visit for ${await familyName(tx, vb)} on ${vb.when} started 15 minutes ago and you have not checked in. If you are there, check in now; if you cannot come, tell the family.`,
      },
      at,
    );
    return [...family, ...own];
  }

  /**
   * The caregiver checked in or out: the family and every circle member hear of it (in the app, and by e-mail
   * when they take booking e-mails), with a link to the live visit log.
   */
  async function notifyCheck(
    tx: Tx,
    publicUrl: string,
    vb: VisitBooking,
    kind: 'check_in' | 'check_out',
    at: Date,
  ): Promise<Mail[]> {
    const caregiver = shortName(vb.caregiver);
    const notice =
      kind === 'check_in'
        ? {
            kind: 'visit.started',
            title: 'The visit has started',
            body: `${caregiver} checked in for the visit on ${vb.when}. You can follow the visit log as it is written.`,
          }
        : {
            kind: 'visit.ended',
            title: 'The visit has ended',
            body: `${caregiver} checked out of the visit on ${vb.when}. The visit log shows how it went.`,
          };
    const link = `/bookings/${vb.booking.id}/visit`;
    return deliver(tx, publicUrl, await familySide(tx, vb), { ...notice, link }, at);
  }

  return { familySide, notifyIncident, notifyNoShow, notifyCheck };
}
