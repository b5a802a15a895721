import { clock12, DECLINE_REASONS, type DeclineReason } from '../../../shared/contracts/bookings';
import { formatJmd, priceBooking, toCents } from '../../../shared/money';
import { type HeldPayment, paymentOutcome, paymentStatusLabel } from '../../../shared/payment-status';
import type { Mail } from '../../adapters/mailer';
import { ledger } from '../../core/ledger/service';
import type { Tx } from '../../db/client';
import { backupFactsOf, backupTexts } from './backup-notices';
import type { BookingCircleRules, BookingPorts } from './booking-context';
import { circleNoticeParties, type NoticeParty } from './circle-notices';
import type { BookingRow, BookingStatus } from './events';
import { bookingRepo } from './repo';

/** What completion settled for a booking (its fee and the caregiver's earning), if anything. */
async function settledAmounts(tx: Tx, bookingId: number) {
  const earnings = await ledger.bookingAccountBalance(tx, bookingId, 'caregiver_payable');
  const fee = await ledger.bookingAccountBalance(tx, bookingId, 'platform_revenue');
  return earnings + fee > 0 ? { total: earnings + fee, earnings } : undefined;
}

/** The first name of the payer who answered an approval (for the circle's words), else null. */
async function actorFirstName(
  circles: Pick<BookingCircleRules, 'members'>,
  tx: Tx,
  b: BookingRow,
  actorUserId: number | null,
) {
  if (actorUserId === null || b.circleId === null) return null;
  const m = (await circles.members(tx, b.circleId)).find((x) => x.userId === actorUserId);
  return m?.firstName ?? null;
}

/** What a booking notice is about: a state change, or the family's payment for it. */
export type BookingNoticeEvent = BookingStatus | 'paid' | 'rescheduled';

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
  /** The time a moved booking had, for 'rescheduled'. */
  previousWhen?: string;
  /** The caregiver's reason, for 'declined'. */
  declineReason?: DeclineReason;
  /** When it happened (a cancellation within 24 h of the start is a critical notice); default: now. */
  at?: Date;
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
  /** Released by the system: not paid 24 hours before the start (ADR 0032). */
  releasedUnpaid: boolean;
  payment?: PaidFacts;
  previousWhen?: string;
  /** ' They said: not available at that time.' or ''. */
  declineReason: string;
}

type Notice = import('./circle-notices').Notice;

const RELEASED = 'You are not charged: anything held or paid for it is released or refunded.';

/** A series visit nobody paid 24 hours before its start (the visit-holds job, ADR 0032). */
const RELEASED_UNPAID = (f: Facts) => ({
  family: {
    title: 'Visit released: not paid',
    body: `The visit with ${f.caregiver} on ${f.when} (total ${f.total}) was cancelled because it was not paid 24 hours before the start. Nobody is charged a fee. The other visits of the series stay booked.`,
  },
  caregiver: {
    title: 'Visit cancelled: not paid',
    body: `The visit for ${f.family} on ${f.when} was cancelled because it was not paid 24 hours before the start. No fee applies; the other visits of the series stay booked.`,
  },
});

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
      body: `${f.caregiver} declined your booking request for ${f.when} (total ${f.total}).${f.declineReason} ${RELEASED}`,
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
    if (f.releasedUnpaid) return RELEASED_UNPAID(f);
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
  rescheduled: (f) => ({
    family: {
      title: `New time sent to ${f.caregiver}`,
      body: `The booking with ${f.caregiver} moved from ${f.previousWhen} to ${f.when} (total ${f.total}). ${f.caregiver} must accept the new time: if they decline or do not answer within 24 hours, the booking ends and anything held or paid for it is released or refunded.`,
    },
    caregiver: {
      title: 'Booking moved: please answer',
      body: `${f.family} moved the booking from ${f.previousWhen} to ${f.when}. You would earn ${f.earnings}. Please accept or decline the new time: unanswered requests expire.`,
    },
  }),
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

export const shortName = (u: { firstName: string; lastName: string }) =>
  `${u.firstName} ${u.lastName.slice(0, 1)}.`.trim();

/**
 * Tells both parties of a booking (the family and the caregiver) what happened, in `tx`: an in-app
 * notification each (always), and delivery rows for the channels each one's policy allows (today: e-mail to
 * those who keep "Booking updates" e-mails on). Returns the rows due now as mails carrying their delivery id;
 * the caller hands them to its notice mailer after commit, so a rolled-back change sends nothing.
 */
export async function notifyBookingParties(
  ports: BookingPorts,
  tx: Tx,
  bookingId: number,
  event: BookingNoticeEvent,
  opts: BookingNoticeOptions,
): Promise<Mail[]> {
  const joined = await bookingRepo.getJoined(tx, bookingId);
  if (!joined) return [];
  const b = joined.b;
  const circle = b.circleId === null ? undefined : await ports.circles.find(tx, b.circleId);
  const price = priceBooking(toCents(b.hourlyRate), b.duration);
  // A completed visit is charged for its actual time (ADR 0032): name what the ledger settled.
  const settled = event === 'completed' ? await settledAmounts(tx, b.id) : undefined;
  const byCaregiver = opts.actorUserId === joined.cg.userId;
  const facts: Facts = {
    when: describeWhen(b),
    caregiver: shortName(joined.cu),
    // The caregiver of a circle's booking hears of the recipient's family, never of who pays.
    family: circle ? `${circle.recipientFirstName}’s family` : shortName(joined.fu),
    total: formatJmd(settled?.total ?? toCents(b.totalCost)),
    earnings: formatJmd(settled?.earnings ?? price.subtotal),
    byFamily: opts.actorUserId !== null && !byCaregiver,
    byCaregiver,
    lateFee: opts.lateFeeCents ? formatJmd(opts.lateFeeCents) : null,
    releasedUnpaid: event === 'cancelled' && b.cancelReason === 'unpaid',
    payment: opts.payment,
    previousWhen: opts.previousWhen,
    declineReason: opts.declineReason ? ` They said: ${DECLINE_REASONS[opts.declineReason]}.` : '',
  };
  // Backups (ADR 0034): a dropped booking links the family to its offers; a backup request is urgent.
  const backup = await backupFactsOf(tx, b, event, byCaregiver, joined.fu.timeZone);
  const texts = backup
    ? backupTexts(backup, facts)
    : event === 'awaiting_approval'
      ? undefined
      : TEXTS[event](facts);
  const familyLink = backup?.kind === 'dropped' ? backup.link : '/bookings';
  const parties: NoticeParty[] = circle
    ? await circleNoticeParties(
        ports.circles,
        tx,
        joined,
        circle,
        event,
        { ...facts, actorFirstName: await actorFirstName(ports.circles, tx, b, opts.actorUserId) },
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
    const link = party.side === 'family' ? familyLink : '/bookings';
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
    // In-app always; e-mail, SMS or WhatsApp as the user's channel policy allows (the delivery outbox).
    mails.push(
      ...(await ports.notices.queue(
        tx,
        {
          userId: party.userId,
          email: party.email,
          kind: `booking.${event}`,
          title: notice.title,
          body: notice.body,
          link,
          startsAt: b.startsAt,
          mail: {
            subject: `YaadCare: ${notice.title} (${describeDay(b.date)}, ${clock12(b.startTime)})`,
            text: `Hi ${party.name},\n\n${notice.body}\n\n${details.join('\n')}\n\n${link === '/bookings' ? 'See your bookings' : 'Choose a backup'}: ${opts.publicUrl}${link}\n\n— YaadCare`,
          },
        },
        opts.at,
      )),
    );
  }
  return mails;
}
