import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { VerifiedBadge } from '../../../components/verified-badge';
import { jmdAmount, plural } from '../../../lib/format';
import { Link, useSearchParams } from '../../../lib/router';
import type { CaregiverDashboardResponse } from '../api';
import { CaregiverBadges } from './caregiver-badges';
import { BookingList, type RateFamilySlot } from './caregiver-booking-list';
import { CaregiverOverview } from './caregiver-overview';
import { CaregiverStats } from './caregiver-stats';

type Data = CaregiverDashboardResponse;

export const DASHBOARD_TABS = ['overview', 'badges', 'bookings', 'stats', 'messages', 'profile'] as const;
type Tab = (typeof DASHBOARD_TABS)[number];

/**
 * What other features put into the dashboard; the page composing it passes them in (a feature does not
 * render another feature's components).
 */
export interface CaregiverDashboardSlots {
  /** Above the tabs: the prompt to confirm the kinds of care (caregiver profile). */
  kindsPrompt: ReactNode;
  /** The top of the overview's side column: availability and verification status. */
  status: ReactNode;
  /** 'Rate the family' on a booking that can be rated (reviews). */
  rateFamily: RateFamilySlot;
  /** The messages tab's notifications. */
  notifications: ReactNode;
  /** The profile tab's reviews. */
  reviews: ReactNode;
}

const tabClasses =
  'rounded-md px-3 py-2 text-sm font-semibold capitalize data-[state=active]:bg-primary data-[state=active]:text-primary-foreground hover:bg-muted data-[state=active]:hover:bg-primary';

/** The caregiver dashboard (docs/product.md#screens-and-routes): tabs overview, badges, bookings, stats, messages, profile; every figure real. */
export function CaregiverDashboard({
  data,
  kindsPrompt,
  status,
  rateFamily,
  notifications,
  reviews,
  first,
}: {
  data: Data;
  /** What needs the caregiver now (the bookings feature's), right under the greeting. */
  first?: ReactNode;
} & CaregiverDashboardSlots) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && DASHBOARD_TABS.includes(requested) ? requested : 'overview';
  const { caregiver, stats } = data;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold tracking-tight">Welcome, {caregiver.firstName}</h1>
        {caregiver.isVerified ? <VerifiedBadge /> : null}
      </div>
      {!caregiver.isActive ? (
        <p role="alert" className="rounded-lg bg-destructive-soft px-4 py-3 text-sm text-destructive">
          Your account is suspended: your profile is not listed. Please contact support.
        </p>
      ) : null}
      {first}
      {kindsPrompt}
      <Tabs.Root
        value={tab}
        onValueChange={(v) => setParams(v === 'overview' ? {} : { tab: v }, { replace: true })}
        className="space-y-6"
      >
        <Tabs.List
          aria-label="Dashboard sections"
          className="flex flex-wrap gap-1 rounded-lg border border-border bg-surface p-1"
        >
          {DASHBOARD_TABS.map((t) => (
            <Tabs.Trigger key={t} value={t} className={tabClasses}>
              {t}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview">
          <CaregiverOverview data={data} status={status} rateFamily={rateFamily} />
        </Tabs.Content>
        <Tabs.Content value="badges" className="space-y-6">
          <CaregiverBadges data={data} />
        </Tabs.Content>
        <Tabs.Content value="bookings" className="space-y-3">
          <h2 className="text-xl font-bold">Bookings</h2>
          <p className="text-sm text-muted-foreground">
            {plural(stats.pendingBookings, 'request')} waiting · {stats.upcomingBookings} upcoming ·{' '}
            <Link to="/bookings" className="font-semibold text-primary-deep underline">
              All bookings
            </Link>
          </p>
          <BookingList bookings={data.recentBookings} rateFamily={rateFamily} />
        </Tabs.Content>
        <Tabs.Content value="stats" className="space-y-4">
          <CaregiverStats data={data} />
        </Tabs.Content>
        <Tabs.Content value="messages" className="space-y-4">
          <h2 className="text-xl font-bold">Messages</h2>
          <Link to="/messages" className={buttonClasses()}>
            Open messages
          </Link>
          {notifications}
        </Tabs.Content>
        <Tabs.Content value="profile" className="space-y-6">
          <h2 className="text-xl font-bold">Profile</h2>
          <Card className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="font-semibold">
                {caregiver.firstName} {caregiver.lastName}
              </p>
              <p className="text-sm text-muted-foreground">
                {caregiver.location ?? 'No town yet'} · {jmdAmount(caregiver.hourlyRate)} / hour
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Link to="/profile" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                Edit profile
              </Link>
              <Link
                to={`/caregiver/${caregiver.id}`}
                className={buttonClasses({ variant: 'outline', size: 'sm' })}
              >
                View public profile
              </Link>
            </div>
          </Card>
          <section aria-labelledby="my-reviews" className="space-y-3">
            <h3 id="my-reviews" className="text-lg font-bold">
              Reviews ({caregiver.totalReviews})
            </h3>
            {reviews}
          </section>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
