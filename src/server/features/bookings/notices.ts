import { clock12 } from '../../../shared/contracts/bookings';
import { formatJmd, priceBooking, toCents } from '../../../shared/money';
import { type HeldPayment, paymentOutcome, paymentStatusLabel } from '../../../shared/payment-status';
import type { Mail } from '../../adapters/mailer';
import type { Tx } from '../../db/client';
import { circleBookingRules } from '../circles/service';
import { wantsEmail } from '../notifications/preferences';
import { notificationService } from '../notifications/service';
import { circleNoticeParties, type NoticeParty } from './circle-notices';
import type { BookingRow, BookingStatus } from './events';
import { bookingRepo } from './repo';

/** The first name of the payer who answered an approval (for the circle's words), else null. */
async function actorFirstName(tx: Tx, b: BookingRow, actorUserId: number | null) {
  if (actorUserId === null || b.circleId === null) return null;
  const m = (await circleBookingRules.members(tx, b.circleId)).find((x) => x.userId === actorUserId);
  return m?.firstName ?? null;
}

/** What a booking notice is about: a state change, or the family's payment for it. */
export type BookingNoticeEvent = BookingStatus | 'paid';

/** The payment a 'paid' notice reports (a transfer's instructions say how to send the money). */
export interface PaidFacts extends HeldPayment {
  reference?: string | null;
  instructions?: string | null;
}

export interface BookingNoticeOptions {
  publicUrl: string;
  /** Who caused it (null: the system, e.g. the lifecycle job). */
  actorUserId: number | null;
  /** A late-cancellation fee, for 'cancelled'. */
  lateFeeCents?: number;
  payment?: PaidFacts;
}

interface Facts {
  when: string;
  caregiver: string;
  family: string;
  /** What the family pays (service fee included), e.g. 'J$ 3,150'. */
  total: string;
  /** What the caregiver earns (the subtotal), e.g. 'J$ 3,000'. */
  earnings: string;
  byFamily: boolean;
  byCaregiver: boolean;
  lateFee: string | null;
  payment?: PaidFacts;
}

type Notice = import('./circle-notices').Notice;

const RELEASED = 'You are not charged: anything held or paid for it is released or refunded.';

/** The family's and the caregiver's notice for each event; every text names the date, time and amount. */
const TEXTS: Record<
  Exclude<BookingNoticeEvent, 'awaiting_approval'>,
  (f: Facts) => { family: Notice; caregiver: Notice }
> = {
  pending: (f) => ({
    family: {
      title: `Request sent to ${f.caregiver}`,
      body: `Your request to book ${f.caregiver} for ${f.when} is sent (total ${f.total}, service fee included). We will tell you when ${f.caregiver} answers.`,
    },
    caregiver: {
      title: 'New booking request',
      body: `${f.family} asked to book you for ${f.when}. You would earn ${f.earnings}. Please accept or decline it: unanswered requests expire.`,
    },
  }),
  confirmed: (f) => ({
    family: {
      title: 'Booking confirmed',
      body: `${f.caregiver} accepted your booking for ${f.when} (total ${f.total}).`,
    },
    caregiver: {
      title: 'Booking confirmed',
      body: `You accepted ${f.family}'s booking for ${f.when}. You earn ${f.earnings}.`,
    },
  }),
  declined: (f) => ({
    family: {
      title: 'Booking declined',
      body: `${f.caregiver} declined your booking request for ${f.when} (total ${f.total}). ${RELEASED}`,
    },
    caregiver: {
      title: 'Booking declined',
      body: `You declined ${f.family}'s booking request for ${f.when} (${f.earnings} to you).`,
    },
  }),
  expired: (f) => ({
    family: {
      title: 'Booking request expired',
      body: `${f.caregiver} did not answer your request for ${f.when} (total ${f.total}) in time, so it has expired. ${RELEASED}`,
    },
    caregiver: {
      title: 'Booking request expired',
      body: `${f.family}'s request for ${f.when} (${f.earnings} to you) was not answered in time and has expired.`,
    },
  }),
  cancelled: (f) => {
    const fee = f.lateFee;
    return {
      family: {
        title: 'Booking cancelled',
        body: `${f.byFamily ? `You cancelled your booking with ${f.caregiver}` : `${f.caregiver} cancelled your booking`} for ${f.when} (total ${f.total}).${fee ? ` A late-cancellation fee of ${fee} goes to the caregiver.` : ''}`,
      },
      caregiver: {
        title: 'Booking cancelled',
        body: `${f.byCaregiver ? `You cancelled ${f.family}'s booking` : `${f.family} cancelled the booking`} for ${f.when} (${f.earnings} to you).${fee ? ` A late-cancellation fee of ${fee} goes to you.` : ''}`,
      },
    };
  },
  completed: (f) => ({
    family: {
      title: 'Booking completed',
      body: `Your booking with ${f.caregiver} for ${f.when} is complete (total ${f.total}). Thank you for using YaadCare.`,
    },
    caregiver: {
      title: 'Booking completed',
      body: `The booking with ${f.family} for ${f.when} is complete. You earn ${f.earnings}; it is on your Earnings page.`,
    },
  }),
  paid: (f) => {
    const p = f.payment;
    if (!p) throw new Error('A paid notice needs the payment');
    const amount = formatJmd(toCents(p.amount));
    if (p.status === 'awaiting_transfer') {
      return {
        family: {
          title: 'Transfer instructions',
          body: `To pay ${amount} for your booking with ${f.caregiver} on ${f.when}: ${p.instructions ?? 'see the payment page.'} We tell you when it arrives.`,
        },
        caregiver: {
          title: 'Payment on its way',
          body: `${f.family} is paying for the booking on ${f.when} by transfer; we will tell you when it arrives. You earn ${f.earnings}.`,
        },
      };
    }
    const label = paymentStatusLabel(p.status, p.method);
    if (p.status === 'captured') {
      // What was still owed after the service or a late cancellation, settled at once.
      return {
        family: {
          title: label,
          body: `${amount} was charged for your booking with ${f.caregiver} on ${f.when}.`,
        },
        caregiver: {
          title: 'Booking paid',
          body: `${f.family} paid the ${amount} owed for the booking on ${f.when}.`,
        },
      };
    }
    const received =
      p.status === 'received' ? `We received your ${amount} transfer (${p.reference}). Thank you! ` : '';
    const outcome = received + (paymentOutcome(p) ?? `${label}: ${amount}.`);
    return {
      family: {
        title: p.status === 'received' ? 'Payment received' : label,
        body: `${outcome} For your booking with ${f.caregiver} on ${f.when}.`,
      },
      caregiver: {
        title: 'Booking paid',
        body: `${f.family}'s payment of ${amount} for the booking on ${f.when} is in (${label.toLowerCase()}). You earn ${f.earnings}, paid out after the visit.`,
      },
    };
  },
};

const DAY = new Intl.DateTimeFormat('en-JM', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** 'Friday 5 June' (the booking's date is already Jamaica's calendar date). */
const describeDay = (date: string) => DAY.format(new Date(`${date}T12:00:00Z`));
/** '9:00 AM–5:00 PM' (Jamaica time, as booked). */
const describeTime = (b: Pick<BookingRow, 'startTime' | 'endTime'>) =>
  `${clock12(b.startTime)}–${clock12(b.endTime)}`;

/** 'Friday 5 June, 9:00 AM–5:00 PM' for notifications and e-mails. */
export function describeWhen(b: Pick<BookingRow, 'date' | 'startTime' | 'endTime'>): string {
  return `${describeDay(b.date)}, ${describeTime(b)}`;
}

const shortName = (u: { firstName: string; lastName: string }) =>
  `${u.firstName} ${u.lastName.slice(0, 1)}.`.trim();

/**
 * Tells both parties of a booking (the family and the caregiver) what happened, in `tx`: an in-app
 * notification each (always), and an e-mail each to those who keep "Booking updates" e-mails on. Returns
 * the mails; the caller sends them after its transaction commits, so a rolled-back change sends nothing.
 */
export async function notifyBookingParties(
  tx: Tx,
  bookingId: number,
  event: BookingNoticeEvent,
  opts: BookingNoticeOptions,
): Promise<Mail[]> {
  const joined = await bookingRepo.getJoined(tx, bookingId);
  if (!joined) return [];
  const b = joined.b;
  const circle = b.circleId === null ? undefined : await circleBookingRules.find(tx, b.circleId);
  const price = priceBooking(toCents(b.hourlyRate), b.duration);
  const byCaregiver = opts.actorUserId === joined.cg.userId;
  const facts: Facts = {
    when: describeWhen(b),
    caregiver: shortName(joined.cu),
    // The caregiver of a circle's booking hears of the recipient's family, never of who pays.
    family: circle ? `${circle.recipientFirstName}’s family` : shortName(joined.fu),
    total: formatJmd(toCents(b.totalCost)),
    earnings: formatJmd(price.subtotal),
    byFamily: opts.actorUserId !== null && !byCaregiver,
    byCaregiver,
    lateFee: opts.lateFeeCents ? formatJmd(opts.lateFeeCents) : null,
    payment: opts.payment,
  };
  const texts = event === 'awaiting_approval' ? undefined : TEXTS[event](facts);
  const parties: NoticeParty[] = circle
    ? await circleNoticeParties(
        tx,
        joined,
        circle,
        event,
        { ...facts, actorFirstName: await actorFirstName(tx, b, opts.actorUserId) },
        texts,
      )
    : texts
      ? [
          {
            side: 'family',
            userId: joined.fu.id,
            email: joined.fu.email,
            name: joined.fu.firstName,
            notice: texts.family,
          },
          {
            side: 'caregiver',
            userId: joined.cg.userId,
            email: joined.cu.email,
            name: joined.cu.firstName,
            notice: texts.caregiver,
          },
        ]
      : [];
  const mails: Mail[] = [];
  for (const party of parties) {
    const notice = party.notice;
    await notificationService.add(tx, {
      userId: party.userId,
      kind: `booking.${event}`,
      title: notice.title,
      body: notice.body,
      link: '/bookings',
    });
    // E-mail only to those who want booking e-mails (/settings); the in-app notification always goes.
    if (!(await wantsEmail(tx, party.userId, 'bookings'))) continue;
    const amountLine =
      party.side === 'family'
        ? `Total: ${facts.total} (service fee included)`
        : `Your earnings: ${facts.earnings}`;
    const details = [
      `Date: ${describeDay(b.date)}`,
      `Time: ${describeTime(b)} (Jamaica time)`,
      `Caregiver: ${facts.caregiver}`,
      `Family: ${facts.family}`,
      ...(circle && party.side === 'family'
        ? [`For: ${circle.recipientFirstName} (${circle.recipientTown})`]
        : []),
      amountLine,
      ...(opts.payment ? [`Payment: ${paymentStatusLabel(opts.payment.status, opts.payment.method)}`] : []),
    ];
    mails.push({
      to: party.email,
      subject: `YaadCare: ${notice.title} (${describeDay(b.date)}, ${clock12(b.startTime)})`,
      text: `Hi ${party.name},\n\n${notice.body}\n\n${details.join('\n')}\n\nSee your bookings: ${opts.publicUrl}/bookings\n\n— YaadCare`,
    });
  }
  return mails;
}
