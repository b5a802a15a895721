import {
  Bookmark,
  CalendarClock,
  HeartHandshake,
  MessageSquare,
  Moon,
  Search,
  Users,
  Wallet,
} from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { clock12 } from '../../../../shared/booking-rules';
import { CaregiverPhoto } from '../../../components/caregiver-photo';
import { StarRating } from '../../../components/star-rating';
import { Progress } from '../../../components/ui/progress';
import { bookingDay, displayName, formatDate, formatRate, jmdAmount, plural } from '../../../lib/format';
import { Link, useSearchParams } from '../../../lib/router';
import type { PublicUser } from '../../auth/api';
import type { FamilyDashboardResponse } from '../api';
import { DashboardSection } from './dashboard-section';
import { StatusTag } from './status-tag';

type Data = FamilyDashboardResponse;
type Item = Data['upcomingBookings'][number];

/** The reviews feature's 'Leave a review' form, passed in by the page that composes the dashboard. */
export type LeaveReviewSlot = ComponentType<{
  bookingId: number;
  caregiverName: string;
  defaultOpen?: boolean;
}>;

const CATEGORY_ICONS = {
  'child-care': Users,
  'senior-care': HeartHandshake,
  'special-needs': HeartHandshake,
  overnight: Moon,
} as Record<string, typeof Users>;

function Stat({
  label,
  value,
  to,
  icon: Icon,
}: {
  label: string;
  value: string;
  to?: string;
  icon: typeof Users;
}) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl border border-border bg-surface p-4 shadow-sm">
      <dt className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
        <Icon aria-hidden="true" className="size-5 text-primary" />
        {label}
      </dt>
      <dd className="text-xl font-extrabold break-words sm:text-2xl">
        {to ? (
          <Link to={to} className="hover:underline">
            {value}
          </Link>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

function BookingItem({
  b,
  reviewOpen,
  leaveReview: LeaveReview,
}: {
  b: Item;
  reviewOpen: boolean;
  leaveReview: LeaveReviewSlot;
}) {
  const name = displayName(b.caregiver.firstName, b.caregiver.lastName);
  return (
    <li className="rounded-xl border border-border bg-surface p-4">
      <div className="flex flex-wrap items-center gap-3">
        <CaregiverPhoto src={b.caregiver.profileImageUrl} alt="" size={40} />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">
            <Link to={`/caregiver/${b.caregiver.id}`} className="hover:underline">
              {name}
            </Link>{' '}
            <StatusTag status={b.status} />
          </p>
          <p className="text-sm text-muted-foreground">
            {bookingDay(b.date)} · {clock12(b.startTime)} – {clock12(b.endTime)} · {jmdAmount(b.totalCost)}
          </p>
        </div>
      </div>
      {b.review ? (
        <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          Your review: <StarRating value={b.review.rating} />
          {b.review.status === 'pending'
            ? '(published once your caregiver has shared feedback, or after 14 days)'
            : b.review.status === 'hidden'
              ? '(hidden by YaadCare)'
              : '(published)'}
        </p>
      ) : b.canReview ? (
        <div className="mt-2">
          <LeaveReview bookingId={b.id} caregiverName={name} defaultOpen={reviewOpen} />
          {b.reviewDeadline ? (
            <p className="mt-1 text-xs text-muted-foreground">
              You can review until {formatDate(b.reviewDeadline)}.
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** The family dashboard (docs/product.md#screens-and-routes), every figure from the family's own records. */
export function FamilyDashboard({
  user,
  data,
  leaveReview,
  rebook: Rebook,
  first,
}: {
  /** What needs the family now (the bookings feature's), right under the greeting. */
  first?: ReactNode;
  user: PublicUser;
  data: Data;
  leaveReview: LeaveReviewSlot;
  /** The favourites feature's "Book again" (a page composes features' components). */
  rebook?: ComponentType<{ caregiverId: number; firstName: string }>;
}) {
  const [params] = useSearchParams();
  const reviewId = Number(params.get('review'));
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-10">
      <div>
        <h1 className="text-3xl font-extrabold tracking-tight">Dashboard</h1>
        <p className="mt-2 text-lg text-muted-foreground">
          {/* 'Welcome back' only to someone who signed in before: not on the first visit after signup. */}
          {data.signedInBefore ? 'Welcome back' : 'Welcome'},{' '}
          <span className="font-semibold text-foreground">{user.firstName}</span>!
        </p>
      </div>
      {first}

      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat
          label="Upcoming bookings"
          value={String(data.counts.upcoming)}
          to="/bookings"
          icon={CalendarClock}
        />
        <Stat label="Spent this month" value={jmdAmount(data.spending.thisMonth)} icon={Wallet} />
        <Stat label="Spent in total" value={jmdAmount(data.spending.total)} icon={Bookmark} />
        <Stat
          label="Unread messages"
          value={String(data.unreadMessages)}
          to="/messages"
          icon={MessageSquare}
        />
      </dl>

      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-6">
          <DashboardSection id="upcoming" title="Upcoming bookings">
            {data.upcomingBookings.length ? (
              <ul className="space-y-3">
                {data.upcomingBookings.map((b) => (
                  <BookingItem key={b.id} b={b} reviewOpen={false} leaveReview={leaveReview} />
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">
                No confirmed bookings ahead.{' '}
                <Link to="/search" className="font-semibold text-primary-deep underline">
                  Find care
                </Link>
              </p>
            )}
            {data.counts.pending > 0 ? (
              <p className="text-sm text-muted-foreground">
                {plural(data.counts.pending, 'request')} waiting for a caregiver's answer.
              </p>
            ) : null}
          </DashboardSection>
          <DashboardSection id="past" title="Past bookings">
            {data.pastBookings.length ? (
              <ul className="space-y-3">
                {data.pastBookings.map((b) => (
                  <BookingItem key={b.id} b={b} reviewOpen={b.id === reviewId} leaveReview={leaveReview} />
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">No completed bookings yet.</p>
            )}
          </DashboardSection>
        </div>

        <div className="space-y-6">
          <section
            aria-labelledby="completeness"
            className="space-y-2 rounded-2xl border border-border bg-surface p-4"
          >
            <h2 id="completeness" className="text-lg font-bold">
              Profile {data.profile.completeness}% complete
            </h2>
            <Progress value={data.profile.completeness} label="Profile completeness" />
            {data.profile.missing.length ? (
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {data.profile.missing.map((m) => (
                  <li key={m.field}>
                    <Link to={m.href} className="font-semibold text-primary-deep underline">
                      {m.label}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">Everything is filled in.</p>
            )}
          </section>

          <section
            aria-labelledby="circles"
            className="space-y-2 rounded-2xl border border-border bg-surface p-4"
          >
            <h2 id="circles" className="text-lg font-bold">
              Care circles
            </h2>
            <p className="text-sm text-muted-foreground">
              Arrange care for a relative together with the rest of the family, wherever each of you lives.
            </p>
            <Link to="/circles" className="text-sm font-semibold text-primary-deep underline">
              Open your care circles
            </Link>
          </section>

          <section aria-labelledby="favourites" className="space-y-2">
            <h2 id="favourites" className="text-lg font-bold">
              Favourites
            </h2>
            {data.favourites.length ? (
              <ul className="space-y-2">
                {data.favourites.map((f) => (
                  <li
                    key={f.id}
                    className="flex items-center gap-3 rounded-xl border border-border bg-surface p-3"
                  >
                    <CaregiverPhoto src={f.profileImageUrl} alt="" size={40} />
                    <div className="min-w-0 flex-1">
                      <Link to={`/caregiver/${f.id}`} className="font-semibold hover:underline">
                        {displayName(f.firstName, f.lastName)}
                      </Link>
                      <p className="text-sm text-muted-foreground">
                        {Number(f.averageRating).toFixed(1)}★ · {formatRate(f.hourlyRate)} / hour
                      </p>
                    </div>
                    {Rebook ? <Rebook caregiverId={f.id} firstName={f.firstName} /> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">Tap the heart on a caregiver to save them here.</p>
            )}
          </section>
        </div>
      </div>

      <DashboardSection id="categories" title="Care categories">
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {data.careCategories.map((c) => {
            const Icon = CATEGORY_ICONS[c.key] ?? Search;
            return (
              <li key={c.key}>
                <Link
                  to={c.href}
                  className="flex h-full flex-col gap-1 rounded-2xl border border-border bg-surface p-4 shadow-sm hover:border-primary"
                >
                  <Icon aria-hidden="true" className="size-6 text-primary" />
                  <span className="font-semibold">{c.label}</span>
                  <span className="text-sm text-muted-foreground">
                    {plural(c.count, 'caregiver')} available{c.limited ? ' · Limited' : ''}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </DashboardSection>
    </div>
  );
}
