import { useId } from 'react';
import { formatJmd, toCents } from '../../../../shared/money';
import { paymentStatusLabel } from '../../../../shared/payment-status';
import { jamaicaMonth, jamaicaToday } from '../../../../shared/time';
import { buttonClasses } from '../../../components/ui/button';
import { Link } from '../../../lib/router';
import { useCurrentUser } from '../../auth/api';
import { useCircle } from '../../circles/api';
import { useEstimate } from '../../fx/api';
import { type BookingView, useMyBookings } from '../api';
import { formatDay, timeRange } from '../booking-time-text';
import { useMyCircleRoles } from '../circles-api';
import {
  type CaregiverAction,
  caregiverActions,
  type FamilyAction,
  familyActions,
  liveState,
  nextVisit,
} from '../sections';
import { ApprovalActions } from './approval-actions';
import { StatusBadge } from './booking-status-badge';

const DAY_MS = 86_400_000;
/** The statuses whose cost counts against a circle's month (the server's cap count, ADR 0025). */
const COMMITTED = new Set(['awaiting_approval', 'pending', 'confirmed', 'completed']);

const who = (b: BookingView) => `${b.caregiver.firstName} ${b.caregiver.lastName.slice(0, 1)}.`;
const forWhom = (b: BookingView) => (b.circle ? ` for ${b.circle.recipient.firstName}` : '');
const when = (b: BookingView) => `${formatDay(b.date)}, ${timeRange(b)}`;

/** A booking awaiting this payer's approval: who, for whom, when, the amount in J$ and in their currency. */
function ApprovalItem({ booking, currency }: { booking: BookingView; currency: string | undefined }) {
  const cents = toCents(booking.totalCost);
  const estimate = useEstimate(cents, currency);
  return (
    <li className="rounded-2xl border border-border bg-surface p-4" data-testid={`approve-${booking.id}`}>
      <p className="font-semibold">
        Approve {who(booking)}
        {forWhom(booking)}
      </p>
      <p className="text-sm">{when(booking)}</p>
      <p className="mt-1 text-sm">
        <span className="font-semibold">{formatJmd(cents)}</span>
        {estimate ? <span data-testid="approval-estimate"> · about {estimate.amountText}</span> : null}
      </p>
      <div className="mt-3">
        <ApprovalActions booking={booking} />
      </div>
    </li>
  );
}

const ACTION_LINKS: Record<
  Exclude<FamilyAction, 'approve'>,
  (b: BookingView) => { to: string; text: string }
> = {
  backups: (b) => ({ to: `/bookings/${b.id}/backups`, text: 'Choose a backup' }),
  proposal: (b) => ({ to: `/bookings?booking=${b.id}`, text: 'Answer the proposed time' }),
  pay: (b) => ({ to: `/payment/${b.id}`, text: `Pay ${formatJmd(toCents(b.totalCost))}` }),
  review: (b) => ({
    to: `/caregiver/${b.caregiver.caregiverId}?review=${b.id}#reviews`,
    text: 'Leave a review',
  }),
};

/** This week's visits of a care circle and the month's committed total against my cap. */
function CircleWeek({ circleId, visits, month }: { circleId: number; visits: BookingView[]; month: number }) {
  const { data: user } = useCurrentUser();
  const { data: circle } = useCircle(circleId);
  const heading = useId();
  const first = visits[0];
  const cap = circle?.members.find((m) => m.userId === user?.id)?.monthlyCapJmd ?? null;
  const name = first?.circle?.recipient.firstName ?? circle?.recipient.firstName ?? 'your circle';
  return (
    <section aria-labelledby={heading} className="rounded-2xl border border-border bg-surface p-4">
      <h3 id={heading} className="font-bold">
        This week for {name}
      </h3>
      {visits.length === 0 ? (
        <p className="text-sm text-muted-foreground">No visits this week.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {visits.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center gap-2 text-sm">
              <Link to={`/bookings?booking=${b.id}`} className="font-semibold underline">
                {formatDay(b.date)}, {timeRange(b)}
              </Link>
              <span>{who(b)}</span>
              <StatusBadge status={b.status} />
              {liveState(b) ? <span data-testid="live-state">{liveState(b)}</span> : null}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm" data-testid={`circle-month-${circleId}`}>
        This month: <span className="font-semibold">{formatJmd(month)}</span>
        {cap !== null ? ` of your ${formatJmd(cap * 100)} cap` : ''}
      </p>
      <Link
        to={`/circles/${circleId}`}
        className="mt-2 inline-block text-sm font-semibold text-primary-deep underline"
      >
        Circle and statement
      </Link>
    </section>
  );
}

/**
 * The top of a family member's home (issue 32): what needs them now, first what a payer must approve (with
 * the amount in J$ and their own currency), then what to pay, review or replace; the next visit; and for each
 * care circle the week's visits and the month against their cap. Built from GET /api/bookings, the same
 * views the bookings list shows.
 */
export function NeedsYouNow() {
  const { data: user } = useCurrentUser();
  const { data } = useMyBookings();
  const hasCircle = !!data?.some((b) => b.circle);
  const { data: roles } = useMyCircleRoles(hasCircle);
  const heading = useId();
  if (!data) return null;
  const now = new Date();
  const soonest = (a: BookingView, b: BookingView) => Date.parse(a.startsAt) - Date.parse(b.startsAt);
  const approvals = data
    .filter((b) => b.status === 'awaiting_approval' && b.circle?.canApprove)
    .sort(soonest);
  const todo = data
    .filter((b) => !approvals.includes(b))
    .map((b) => ({
      b,
      act: familyActions(b, user?.id, b.circle ? roles?.get(b.circle.id) : undefined, now).find(
        (a) => a !== 'approve',
      ),
    }))
    .filter((x): x is { b: BookingView; act: Exclude<FamilyAction, 'approve'> } => x.act !== undefined)
    .sort((x, y) => soonest(x.b, y.b))
    .slice(0, 5);
  const next = nextVisit(data, now);
  const today = jamaicaToday(now);
  const weekEnd = jamaicaToday(new Date(now.getTime() + 7 * DAY_MS));
  const month = jamaicaMonth(now);
  const circleIds = [...new Set(data.flatMap((b) => (b.circle ? [b.circle.id] : [])))];
  if (approvals.length === 0 && todo.length === 0 && !next && circleIds.length === 0) return null;
  return (
    <section aria-labelledby={heading} data-testid="needs-you-now">
      <h2 id={heading} className="text-2xl font-extrabold tracking-tight">
        {approvals.length + todo.length > 0 ? 'Needs you now' : 'Coming up'}
      </h2>
      {approvals.length ? (
        <ul className="mt-3 grid gap-3 md:grid-cols-2">
          {approvals.map((b) => (
            <ApprovalItem key={b.id} booking={b} currency={user?.currency} />
          ))}
        </ul>
      ) : null}
      {next ? (
        <p className="mt-3 rounded-xl bg-muted p-3 text-sm">
          <span className="font-semibold">Next visit:</span> {who(next)}
          {forWhom(next)},{' '}
          <Link to={`/bookings?booking=${next.id}`} className="underline">
            {when(next)}
          </Link>
        </p>
      ) : null}
      {todo.length ? (
        <ul className="mt-3 space-y-2">
          {todo.map(({ b, act }) => {
            const link = ACTION_LINKS[act](b);
            return (
              <li
                key={b.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border bg-surface p-3 text-sm"
              >
                <span>
                  {who(b)}
                  {forWhom(b)}, {when(b)}
                </span>
                <Link to={link.to} className={buttonClasses({ size: 'sm' })}>
                  {link.text}
                </Link>
              </li>
            );
          })}
        </ul>
      ) : null}
      {circleIds.length ? (
        <div className="mt-3 grid gap-3 md:grid-cols-2">
          {circleIds.map((id) => {
            const mine = data.filter((b) => b.circle?.id === id);
            return (
              <CircleWeek
                key={id}
                circleId={id}
                visits={mine
                  .filter((b) => b.date >= today && b.date < weekEnd && COMMITTED.has(b.status))
                  .sort(soonest)}
                month={mine
                  .filter((b) => b.date.startsWith(month) && COMMITTED.has(b.status))
                  .reduce((sum, b) => sum + toCents(b.totalCost), 0)}
              />
            );
          })}
        </div>
      ) : null}
    </section>
  );
}

const CAREGIVER_LINKS: Record<CaregiverAction, (b: BookingView) => { to: string; text: string }> = {
  answer: (b) => ({ to: `/bookings?booking=${b.id}`, text: 'Accept or decline' }),
  visit: (b) => ({ to: `/visits/${b.id}`, text: 'Check in and write the log' }),
  complete: (b) => ({ to: `/bookings?booking=${b.id}`, text: 'Mark completed' }),
};

const familyOf = (b: BookingView) =>
  b.circle ? `care for ${b.circle.recipient.firstName}` : `${b.family.firstName} ${b.family.lastName}`;

/**
 * The top of a caregiver's home (issue 32): today's visits and requests with the next action for each (accept
 * or decline, check in and write the log, mark completed) and whether the family has paid. Built from GET
 * /api/bookings, like the bookings list.
 */
export function CaregiverNeedsYouNow() {
  const { data } = useMyBookings();
  const heading = useId();
  if (!data) return null;
  const now = new Date();
  const today = jamaicaToday(now);
  const items = data
    .map((b) => ({ b, act: caregiverActions(b, now, today)[0] }))
    .filter((x): x is { b: BookingView; act: CaregiverAction } => x.act !== undefined)
    .sort((x, y) => Date.parse(x.b.startsAt) - Date.parse(y.b.startsAt))
    .slice(0, 6);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={heading} data-testid="needs-you-now">
      <h2 id={heading} className="text-2xl font-extrabold tracking-tight">
        Needs you now
      </h2>
      <ul className="mt-3 space-y-2">
        {items.map(({ b, act }) => {
          const link = CAREGIVER_LINKS[act](b);
          return (
            <li
              key={b.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-border bg-surface p-3 text-sm"
            >
              <span>
                <span className="font-semibold">{b.date === today ? 'Today' : formatDay(b.date)}</span>,{' '}
                {timeRange(b)} · {familyOf(b)} ·{' '}
                <span data-testid="needs-payment">
                  {b.payment ? paymentStatusLabel(b.payment.status, b.payment.method) : 'Not paid yet'}
                </span>
              </span>
              <Link to={link.to} className={buttonClasses({ size: 'sm' })}>
                {link.text}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
