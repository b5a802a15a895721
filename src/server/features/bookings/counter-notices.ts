import { clock12 } from '../../../shared/contracts/bookings';
import type { Mail } from '../../adapters/mailer';
import type { Tx } from '../../db/client';
import type { BookingContext } from './booking-context';
import { describeWhen, shortName } from './notices';
import { bookingRepo } from './repo';

/** Someone told of a counter-proposal or of a relationship ended after a trial, with the words for them. */
interface Told {
  userId: number;
  email: string;
  name: string;
}

/**
 * The family side of a booking: the booker, and for a care circle's booking its coordinators and payers
 * (those who may answer for it); each once.
 */
export async function familySideOf(ctx: BookingContext, tx: Tx, bookingId: number): Promise<Told[]> {
  const joined = await bookingRepo.getJoined(tx, bookingId);
  if (!joined) return [];
  const told: Told[] = [{ userId: joined.fu.id, email: joined.fu.email, name: joined.fu.firstName }];
  if (joined.b.circleId !== null) {
    for (const m of await ctx.circles.members(tx, joined.b.circleId)) {
      if (told.some((t) => t.userId === m.userId)) continue;
      if (m.roles.includes('payer') || m.roles.includes('coordinator'))
        told.push({ userId: m.userId, email: m.email, name: m.firstName });
    }
  }
  return told;
}

/** The booking's caregiver, to be told. */
export async function caregiverSideOf(tx: Tx, bookingId: number): Promise<Told[]> {
  const joined = await bookingRepo.getJoined(tx, bookingId);
  if (!joined) return [];
  return [{ userId: joined.cg.userId, email: joined.cu.email, name: joined.cu.firstName }];
}

/** The names each side reads: the caregiver's "Shanique B.", the family's (a circle's recipient's family). */
export async function partyNames(ctx: BookingContext, tx: Tx, bookingId: number) {
  const joined = await bookingRepo.getJoined(tx, bookingId);
  if (!joined) return { caregiver: 'The caregiver', family: 'The family' };
  const circle = joined.b.circleId === null ? undefined : await ctx.circles.find(tx, joined.b.circleId);
  return {
    caregiver: shortName(joined.cu),
    family: circle ? `${circle.recipientFirstName}’s family` : shortName(joined.fu),
  };
}

/** Writes one notice for each person in `tx` (in-app, and the channels their policy allows); the mails due now. */
export async function tell(
  ctx: BookingContext,
  tx: Tx,
  who: Told[],
  n: { kind: string; title: string; body: string; startsAt?: Date },
  at: Date,
): Promise<Mail[]> {
  const mails: Mail[] = [];
  for (const person of who) {
    mails.push(
      ...(await ctx.notices.queue(
        tx,
        {
          userId: person.userId,
          email: person.email,
          kind: n.kind,
          title: n.title,
          body: n.body,
          link: '/bookings',
          startsAt: n.startsAt,
          mail: {
            subject: `YaadCare: ${n.title}`,
            text: `Hi ${person.name},\n\n${n.body}\n\nSee your bookings: ${ctx.publicUrl}/bookings\n\n— YaadCare`,
          },
        },
        at,
      )),
    );
  }
  return mails;
}

/** 'Tuesday 8 December, 10:00 AM–1:00 PM' for a proposal or a booking. */
export const whenOf = describeWhen;
export const timeOf = (t: { startTime: string; endTime: string }) =>
  `${clock12(t.startTime)}–${clock12(t.endTime)}`;
