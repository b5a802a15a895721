import { clock12 } from '../../../shared/booking-rules';
import type { BookingView } from '../../../shared/contracts/bookings';
import type { CircleRole } from '../../../shared/contracts/circles';
import { LIVE_PAYMENT_STATUSES } from '../../../shared/payment-status';
import { jamaicaClock } from '../../../shared/time';
import { backupsMayOpen } from './backup-window';

/**
 * Where a booking stands in a list (issue 32): what needs the person now, what is coming (soonest first), what
 * happened (latest first), and what was cancelled, declined or expired. The lists, the family's home and the
 * caregiver's home all sort with these, from the same view models the API returns.
 */
export type BookingSection = 'action' | 'upcoming' | 'past' | 'closed';

/** What a family member is asked to do about a booking. */
export type FamilyAction = 'approve' | 'proposal' | 'pay' | 'review' | 'backups';
/** What a caregiver is asked to do about a booking. */
export type CaregiverAction = 'answer' | 'visit' | 'complete';

const OPEN = new Set(['awaiting_approval', 'pending', 'confirmed']);
const CLOSED = new Set(['cancelled', 'declined', 'expired']);

const startMs = (b: Pick<BookingView, 'startsAt'>) => new Date(b.startsAt).getTime();
const soonestFirst = (a: BookingView, b: BookingView) => startMs(a) - startMs(b) || a.id - b.id;
const latestFirst = (a: BookingView, b: BookingView) => startMs(b) - startMs(a) || b.id - a.id;

/**
 * What this family member may do with a booking. Their own household's: pay, cancel, message and review as
 * always. A care circle's (ADR 0025): the server says who may approve, pay and cancel; the coordinator who
 * booked is the caregiver's contact (message, review); a viewer sees no payment at all.
 */
export function familyMay(
  booking: BookingView,
  userId: number | undefined,
  roles: CircleRole[] | undefined,
  now: Date,
) {
  const circle = booking.circle;
  const open = booking.status === 'pending' || booking.status === 'confirmed';
  const paid = !!booking.payment && LIVE_PAYMENT_STATUSES.includes(booking.payment.status);
  const started = startMs(booking) <= now.getTime();
  // 'Leave a review' only while the server says it stands (the window open, not yet reviewed).
  const review = booking.status === 'completed' && booking.review?.canReview === true;
  if (!circle) {
    return {
      approve: false,
      pay: (open || booking.status === 'completed') && !paid,
      cancel: open && !started,
      contact: true,
      review,
      paymentRow: true,
    };
  }
  const booker = booking.familyId === userId;
  return {
    approve: !!circle.canApprove,
    pay: circle.canPay && !paid,
    cancel: circle.canCancel && !started,
    contact: booker,
    review: review && booker,
    // A viewer's list has no payment (not "not paid"); until the roles are known, say nothing either.
    paymentRow: !!booking.payment || booker || (roles !== undefined && roles.length > 0),
  };
}

/**
 * Whether this family member answers the caregiver's open proposal of another time (ADR 0048): the family who
 * booked; in a care circle a coordinator or a payer (the server decides again; a viewer never).
 */
export function mayAnswerProposal(booking: BookingView, roles: CircleRole[] | undefined): boolean {
  if (booking.status !== 'pending' || booking.counterProposal?.status !== 'open') return false;
  if (!booking.circle) return true;
  return !!roles?.some((r) => r === 'coordinator' || r === 'payer');
}

/** What the family member is asked to do about a booking, most pressing first (none: nothing now). */
export function familyActions(
  booking: BookingView,
  userId: number | undefined,
  roles: CircleRole[] | undefined,
  now: Date,
): FamilyAction[] {
  const may = familyMay(booking, userId, roles, now);
  const out: FamilyAction[] = [];
  if (may.approve && booking.status === 'awaiting_approval') out.push('approve');
  // The caregiver proposed another time: the family's turn (the request waits for their answer).
  if (mayAnswerProposal(booking, roles)) out.push('proposal');
  if (backupsMayOpen(booking, now)) out.push('backups');
  if (may.pay && booking.status !== 'cancelled' && booking.status !== 'declined') out.push('pay');
  if (may.review) out.push('review');
  return out;
}

/** What the caregiver is asked to do: answer a request, run today's visit, or mark an ended one completed. */
export function caregiverActions(booking: BookingView, now: Date, today: string): CaregiverAction[] {
  // A request with the caregiver's open proposal of another time waits for the family, not for them.
  if (booking.status === 'pending') return booking.counterProposal?.status === 'open' ? [] : ['answer'];
  if (booking.status !== 'confirmed') return [];
  if (new Date(booking.endsAt).getTime() <= now.getTime()) return ['complete'];
  return booking.date === today ? ['visit'] : [];
}

export interface Sectioned {
  /** Needs the person now, the soonest first. */
  action: BookingView[];
  upcoming: BookingView[];
  past: BookingView[];
  closed: BookingView[];
}

/**
 * Sorts bookings into the four sections. `needsAction` says whether one asks something of the person now; a
 * booking that does stays in its time section too (an unpaid visit next week is also upcoming).
 */
export function sectionBookings(
  list: BookingView[],
  needsAction: (b: BookingView) => boolean,
  now: Date,
): Sectioned {
  const out: Sectioned = { action: [], upcoming: [], past: [], closed: [] };
  for (const b of list) {
    if (needsAction(b)) out.action.push(b);
    if (CLOSED.has(b.status)) out.closed.push(b);
    else if (OPEN.has(b.status) && new Date(b.endsAt).getTime() > now.getTime()) out.upcoming.push(b);
    else out.past.push(b);
  }
  out.action.sort(soonestFirst);
  out.upcoming.sort(soonestFirst);
  out.past.sort(latestFirst);
  out.closed.sort(latestFirst);
  return out;
}

/** The next visit that will happen: the soonest confirmed one not yet ended. */
export function nextVisit(list: BookingView[], now: Date): BookingView | undefined {
  return list
    .filter((b) => b.status === 'confirmed' && new Date(b.endsAt).getTime() > now.getTime())
    .sort(soonestFirst)[0];
}

/** A booking id named in the address (`?booking=12`), shown first and marked as the one just made or changed. */
export function highlightedId(search: URLSearchParams): number | undefined {
  const id = Number(search.get('booking'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * A visit's live state in words, Jamaica time (issue 32): 'Checked out 11:58 AM', 'Checked in 9:05 AM', 'Not
 * checked in yet' once it has begun; undefined before (or when the server sent no state).
 */
export function liveState(b: Pick<BookingView, 'visit' | 'status'>): string | undefined {
  const v = b.visit;
  if (!v) return undefined;
  const at = (iso: string) => clock12(jamaicaClock(new Date(iso)));
  const incidents = v.incidents ? ` · ${v.incidents === 1 ? '1 incident' : `${v.incidents} incidents`}` : '';
  if (v.checkedOutAt) return `Checked out ${at(v.checkedOutAt)}${incidents}`;
  if (v.checkedInAt) return `Checked in ${at(v.checkedInAt)}${incidents}`;
  return b.status === 'confirmed' ? `Not checked in yet${incidents}` : undefined;
}
