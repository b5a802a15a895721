import { clock12 } from '../../../shared/contracts/bookings';
import { formatMemberTime } from '../../../shared/member-time';
import { formatJmd, priceBooking, toCents } from '../../../shared/money';
import type { Mail } from '../../adapters/mailer';
import type { Tx } from '../../db/client';
import type { Actor, BookingRow } from '../bookings';
import type { SeriesRow } from './repo';
import type { BookingNotice, NoticeRecipient, SeriesContext } from './series-context';

/**
 * One notice per series event to each party (ADR 0031), instead of one per visit: the family side (the
 * booker and every member of the care circle) and the caregiver (once a visit reached them). Per-visit
 * events (one visit cancelled or moved, a no-show, an incident) keep their own notices.
 */
export type SeriesEvent = 'requested' | 'accepted' | 'declined' | 'cancelled' | 'left';

const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const WEEKDAY_LONG = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** 'Mon, Wed, Fri' */
export const weekdayList = (weekdays: number[]) => weekdays.map((d) => WEEKDAY_SHORT[d - 1]).join(', ');
/** 'Monday, Wednesday and Friday' */
function weekdayWords(weekdays: number[]): string {
  const words = weekdays.map((d) => WEEKDAY_LONG[d - 1]);
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
/** '7 Dec' (a Jamaica calendar date). */
export const shortDate = (date: string) => DAY.format(new Date(`${date}T12:00:00Z`));
const shortName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName.slice(0, 1)}.`;
const visitsWord = (n: number) => `${n} visit${n === 1 ? '' : 's'}`;

interface Facts {
  actorId: number;
  actorFirst: string;
  n: number;
  /** 'Mon, Wed, Fri at 8:00 AM (4 h) from 7 Dec' */
  rule: string;
  days: string;
  from: string;
  caregiver: string;
  caregiverFirst: string;
  /** How the caregiver names the family: a circle's is "Gloria’s family", never who pays. */
  familyName: string;
  /** A circle's recipient (Gloria), else null. */
  whom: string | null;
  total: string;
  earnings: string;
  awaiting: number;
  pending: number;
}

type Texts = {
  family: (r: NoticeRecipient) => Omit<BookingNotice, 'kind'>;
  caregiver: Omit<BookingNotice, 'kind'>;
};

const RELEASED = 'Any payment held for them is released in full.';

const TEXTS: Record<SeriesEvent, (f: Facts) => Texts> = {
  requested: (f) => ({
    family: (r) => ({
      title: f.whom ? `Weekly visits for ${f.whom} requested` : 'Weekly booking requested',
      body: `${r.userId === f.actorId ? 'You' : f.actorFirst} asked ${f.caregiver} for ${visitsWord(f.n)}${f.whom ? ` for ${f.whom}` : ''}: ${f.rule} (total ${f.total} a visit, service fee included).${f.awaiting > 0 ? ` ${visitsWord(f.awaiting)} wait for a payer’s approval before ${f.caregiverFirst} sees them${r.userId === f.actorId ? ' (another payer’s: nobody approves what they asked for; unapproved visits expire)' : ''}.` : ''} We will tell you when ${f.caregiverFirst} answers.`,
    }),
    caregiver: {
      title: 'New weekly booking request',
      body: `${f.familyName} asked for ${visitsWord(f.pending)}: ${f.rule}. You would earn ${f.earnings} a visit. Accept or decline the series as a whole: unanswered requests expire.`,
    },
  }),
  accepted: (f) => ({
    family: () => ({
      title: 'Weekly booking confirmed',
      body: `${f.caregiver} accepted ${visitsWord(f.n)}${f.whom ? ` for ${f.whom}` : ''}: ${f.rule} (total ${f.total} a visit).`,
    }),
    caregiver: {
      title: 'Weekly booking confirmed',
      body: `You accepted ${visitsWord(f.n)} for ${f.familyName}: ${f.rule}. You earn ${f.earnings} a visit.`,
    },
  }),
  declined: (f) => ({
    family: () => ({
      title: 'Weekly booking declined',
      body: `${f.caregiver} declined the ${visitsWord(f.n)}${f.whom ? ` for ${f.whom}` : ''}: ${f.rule}. You are not charged: ${RELEASED.toLowerCase()}`,
    }),
    caregiver: {
      title: 'Weekly booking declined',
      body: `You declined ${f.familyName}’s ${visitsWord(f.n)}: ${f.rule}.`,
    },
  }),
  cancelled: (f) => ({
    family: (r) => ({
      title: 'Weekly booking cancelled',
      body: `${r.userId === f.actorId ? 'You' : f.actorFirst} cancelled the remaining ${visitsWord(f.n)} with ${f.caregiver}${f.whom ? ` for ${f.whom}` : ''}: ${f.rule}. Each follows the cancellation policy.`,
    }),
    caregiver: {
      title: 'Weekly booking cancelled',
      body: `${f.familyName} cancelled the remaining ${visitsWord(f.n)}: ${f.rule}.`,
    },
  }),
  left: (f) => ({
    family: () => ({
      title: `${f.caregiverFirst} can no longer continue`,
      body: `${f.caregiverFirst} can no longer continue ${f.whom ? `${f.whom}’s` : 'your'} ${f.days} visits from ${f.from}; any payment held for them is released in full. ${visitsWord(f.n)} cancelled.`,
    }),
    caregiver: {
      title: 'You left a weekly booking',
      body: `You will no longer visit ${f.familyName} on ${f.days} from ${f.from}: ${visitsWord(f.n)} cancelled and the family told. ${RELEASED}`,
    },
  }),
};

/**
 * Tells every party of `series` about one event concerning `visits` (the visits it changed, first first),
 * in `tx`: one in-app notice each, an e-mail by preference (returned, to send after commit). A member abroad
 * also reads the first visit's start in their own time.
 */
export async function notifySeries(
  ctx: Pick<SeriesContext, 'visitBookings' | 'circles' | 'notices'>,
  tx: Tx,
  publicUrl: string,
  series: SeriesRow,
  visits: BookingRow[],
  event: SeriesEvent,
  actor: Actor,
): Promise<Mail[]> {
  const first = visits[0];
  if (!first) return [];
  const { circles, notices } = ctx;
  const vb = await ctx.visitBookings.find(tx, first.id);
  if (!vb) return [];
  const circle = series.circleId === null ? undefined : await circles.find(tx, series.circleId);
  const price = priceBooking(toCents(first.hourlyRate), first.duration);
  const facts: Facts = {
    actorId: actor.id,
    actorFirst: actor.firstName,
    n: visits.length,
    rule: `${weekdayList(series.weekdays)} at ${clock12(series.startTime)} (${series.hours} h) from ${shortDate(first.date)}`,
    days: weekdayWords(series.weekdays),
    from: shortDate(first.date),
    caregiver: shortName(vb.caregiver),
    caregiverFirst: vb.caregiver.firstName,
    familyName: circle ? `${circle.recipientFirstName}’s family` : shortName(vb.family),
    whom: circle?.recipientFirstName ?? null,
    total: formatJmd(price.total),
    earnings: formatJmd(price.subtotal),
    awaiting: visits.filter((v) => v.status === 'awaiting_approval').length,
    pending: visits.filter((v) => v.status === 'pending').length,
  };
  const texts = TEXTS[event](facts);
  const kind = `series.${event}`;
  const link = '/bookings';
  const zones = new Map<number, string | null>();
  const familySide: NoticeRecipient[] = [vb.family];
  if (circle) {
    for (const m of await circles.members(tx, circle.id)) {
      zones.set(m.userId, m.timeZone);
      if (m.userId !== vb.family.userId) familySide.push(m);
    }
  }
  const mails = await notices.deliver(tx, publicUrl, familySide, (r) => {
    const t = texts.family(r);
    const local = formatMemberTime(first.startsAt, zones.get(r.userId));
    const abroad = local.includes('(') ? ` The first starts at ${local}.` : '';
    return { kind, link, title: t.title, body: `${t.body}${abroad}` };
  });
  // The caregiver hears only of visits that reached them (a circle's after a payer approved them).
  const reached = event === 'requested' ? facts.pending > 0 : vb.caregiverSees;
  if (reached)
    mails.push(...(await notices.deliver(tx, publicUrl, [vb.caregiver], { kind, link, ...texts.caregiver })));
  return mails;
}
