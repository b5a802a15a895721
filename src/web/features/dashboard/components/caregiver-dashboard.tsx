import { Tabs } from 'radix-ui';
import { Link, useSearchParams } from 'react-router';
import { formatJmd, PLATFORM_FEE_PERCENT } from '../../../../shared/money';
import { StarRating } from '../../../components/star-rating';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Progress } from '../../../components/ui/progress';
import { toast } from '../../../components/ui/use-toast';
import { VerifiedBadge } from '../../../components/verified-badge';
import { errorMessage } from '../../../lib/api';
import { bookingDay, displayName, formatDate, jmdAmount, plural } from '../../../lib/format';
import type { MyCaregiverProfile } from '../../caregiver-profile/api';
import { AvailabilitySwitch } from '../../caregiver-profile/components/availability-switch';
import { KindsConfirmPrompt } from '../../caregiver-profile/components/kinds-confirm-prompt';
import { NotificationsList } from '../../notifications/notifications-list';
import { useMyReviews } from '../../reviews/api';
import { RateFamily, ReplyForm } from '../../reviews/components/review-forms';
import { VerificationStatusCard } from '../../verification/components/verification-status-card';
import { type CaregiverDashboardResponse, useAnswerBooking } from '../api';
import { BadgeIcon, RarityTag } from './badge-icon';

type Data = CaregiverDashboardResponse;
type Booking = Data['recentBookings'][number];

export const DASHBOARD_TABS = ['overview', 'badges', 'bookings', 'stats', 'messages', 'profile'] as const;
type Tab = (typeof DASHBOARD_TABS)[number];

const STATUS_STYLES: Record<string, string> = {
  confirmed: 'bg-primary-soft text-primary-deep',
  pending: 'bg-accent-soft text-accent-foreground',
  completed: 'bg-muted text-foreground',
};

export function StatusTag({ status }: { status: string }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${STATUS_STYLES[status] ?? 'bg-muted text-muted-foreground'}`}
    >
      {status}
    </span>
  );
}

function StatCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-2xl border border-border bg-surface p-4 shadow-sm">
      <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-xl font-extrabold break-words sm:text-2xl">{value}</dd>
      {hint ? <dd className="text-xs text-muted-foreground">{hint}</dd> : null}
    </div>
  );
}

function responseText(s: Data['stats']) {
  if (s.responseSamples === 0) return 'No answers yet';
  return s.responseTime < 60
    ? `${s.responseTime} min`
    : `${Math.floor(s.responseTime / 60)} h ${s.responseTime % 60} min`;
}

function HeadlineStats({ stats }: { stats: Data['stats'] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
      <StatCard label="Total earnings" value={jmdAmount(stats.totalEarnings)} />
      <StatCard label="Hours worked" value={stats.totalHours.toLocaleString('en-US')} />
      <StatCard
        label="Bookings"
        value={`${stats.completedBookings} / ${stats.totalBookings}`}
        hint="completed / total"
      />
      <StatCard
        label="Completion rate"
        value={`${stats.completionRate.toFixed(1)}%`}
        hint="of accepted bookings that ended (pending, upcoming and family-cancelled ones not counted)"
      />
      <StatCard label="Average per hour" value={formatJmd(stats.averagePerHour * 100)} />
      <StatCard label="Response time" value={responseText(stats)} hint="median, last 90 days" />
      <StatCard
        label="Streak"
        value={plural(stats.streakDays, 'day')}
        hint={`Longest: ${plural(stats.longestStreak, 'day')}`}
      />
      <StatCard label="Badge points" value={stats.badgePoints.toLocaleString('en-US')} />
    </dl>
  );
}

function BookingRow({ booking }: { booking: Booking }) {
  const answer = useAnswerBooking();
  const family = displayName(booking.family.firstName, booking.family.lastName);
  const act = (kind: 'accept' | 'decline') =>
    answer.mutate(
      { id: booking.id, answer: kind },
      {
        onSuccess: () =>
          toast(
            kind === 'accept'
              ? { title: 'Booking Accepted', description: 'The family has been notified.' }
              : { title: 'Booking Declined', description: 'The family has been notified.' },
          ),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: kind === 'accept' ? 'Booking not accepted' : 'Booking not declined',
            description: errorMessage(error, 'Something went wrong. Please try again.'),
          }),
      },
    );
  return (
    <li
      className="rounded-xl border border-border bg-surface p-4"
      aria-label={`Booking with ${family} on ${bookingDay(booking.date)}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold">
            {family} <StatusTag status={booking.status} />
          </p>
          <p className="text-sm text-muted-foreground">
            {bookingDay(booking.date)} · {booking.startTime}–{booking.endTime} ·{' '}
            {plural(booking.totalHours, 'hour')}
            {booking.type ? ` · ${booking.type}` : ''}
          </p>
          <p className="text-sm" data-testid="booking-earnings">
            You earn <strong>{jmdAmount(booking.earnings)}</strong>{' '}
            <span className="text-muted-foreground">
              ({jmdAmount(booking.hourlyRate)} / hour). The family pays {jmdAmount(booking.rate)}, including
              YaadCare’s {PLATFORM_FEE_PERCENT}% platform fee of {jmdAmount(booking.platformFee)}.
            </span>
          </p>
          {booking.family.location ? (
            <p className="text-sm text-muted-foreground">{booking.family.location}</p>
          ) : null}
          {booking.family.phone ? <p className="text-sm">Phone: {booking.family.phone}</p> : null}
          {booking.notes ? <p className="mt-1 text-sm">“{booking.notes}”</p> : null}
        </div>
        {booking.status === 'pending' ? (
          <div className="flex gap-2">
            <Button size="sm" disabled={answer.isPending} onClick={() => act('accept')}>
              Accept
            </Button>
            <Button size="sm" variant="outline" disabled={answer.isPending} onClick={() => act('decline')}>
              Decline
            </Button>
          </div>
        ) : null}
      </div>
      {booking.canRateFamily ? (
        <div className="mt-2">
          <RateFamily bookingId={booking.id} familyName={family} />
        </div>
      ) : null}
    </li>
  );
}

function BookingList({ bookings, limit }: { bookings: Booking[]; limit?: number }) {
  const shown = limit ? bookings.slice(0, limit) : bookings;
  if (shown.length === 0) return <p className="text-muted-foreground">No bookings yet.</p>;
  return (
    <ul className="space-y-3">
      {shown.map((b) => (
        <BookingRow key={b.id} booking={b} />
      ))}
    </ul>
  );
}

function AchievementItem({ a }: { a: Data['achievements'][number] }) {
  return (
    <li className="flex items-start gap-3 rounded-xl border border-border bg-surface p-3">
      <BadgeIcon icon={a.icon} earned={false} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          <span>{a.name}</span> <RarityTag rarity={a.rarity} />
          <span className="text-xs text-muted-foreground">{a.points} pts</span>
        </p>
        <p className="text-sm text-muted-foreground">{a.description}</p>
        <div className="mt-2 flex items-center gap-2">
          <Progress value={a.progress} label={`${a.name} progress`} className="h-2" />
          <span className="text-xs font-semibold">{a.progress}%</span>
        </div>
      </div>
    </li>
  );
}

function EarnedList({ badges }: { badges: Data['badges'] }) {
  if (badges.length === 0)
    return <p className="text-muted-foreground">No badges yet — complete your first booking to earn one.</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {badges.map((b) => (
        <li key={b.id} className="flex items-start gap-3 rounded-xl border border-border bg-surface p-3">
          <BadgeIcon icon={b.badge.icon} earned />
          <div>
            <p className="flex flex-wrap items-center gap-2 font-semibold">
              <span>{b.badge.name}</span> <RarityTag rarity={b.badge.rarity} />
            </p>
            <p className="text-sm text-muted-foreground">{b.badge.description}</p>
            <p className="text-xs text-muted-foreground">
              Earned {formatDate(b.earnedAt)} · {b.badge.points} pts
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function Overview({ data, profile }: { data: Data; profile: MyCaregiverProfile }) {
  return (
    <div className="space-y-6">
      <HeadlineStats stats={data.stats} />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="recent-bookings" className="space-y-3">
          <h2 id="recent-bookings" className="text-xl font-bold">
            Recent bookings
          </h2>
          <BookingList bookings={data.recentBookings} limit={5} />
        </section>
        <div className="space-y-6">
          <AvailabilitySwitch profile={profile} />
          <VerificationStatusCard userId={data.caregiver.userId} />
          <section aria-labelledby="next-achievements" className="space-y-3">
            <h2 id="next-achievements" className="text-xl font-bold">
              Next achievements
            </h2>
            {data.nextAchievements.length ? (
              <ul className="space-y-2">
                {data.nextAchievements.map((a) => (
                  <AchievementItem key={a.id} a={a} />
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">Every badge earned. Legendary!</p>
            )}
          </section>
          <section aria-labelledby="recent-activity" className="space-y-2">
            <h2 id="recent-activity" className="text-xl font-bold">
              Recent activity
            </h2>
            {data.recentActivity.length ? (
              <ul className="space-y-1 text-sm">
                {data.recentActivity.map((a) => (
                  <li key={`${a.kind}-${a.at}-${a.text}`}>
                    {a.text} <span className="text-muted-foreground">· {formatDate(a.at)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">Nothing yet.</p>
            )}
          </section>
        </div>
      </div>
      <section aria-labelledby="overview-badges" className="space-y-3">
        <h2 id="overview-badges" className="text-xl font-bold">
          Badges earned ({data.badges.length})
        </h2>
        <EarnedList badges={data.badges.slice(0, 4)} />
        <h3 className="text-lg font-bold">Achievements available</h3>
        <ul className="grid gap-3 sm:grid-cols-2">
          {data.achievements.map((a) => (
            <AchievementItem key={a.id} a={a} />
          ))}
        </ul>
      </section>
    </div>
  );
}

function MyReviews() {
  const { data, isPending, isError } = useMyReviews();
  if (isPending) return <p className="text-muted-foreground">Loading reviews…</p>;
  if (isError) return <p className="text-muted-foreground">We couldn't load your reviews.</p>;
  return (
    <div className="space-y-3">
      {data.waiting > 0 ? (
        <p className="text-sm text-muted-foreground">
          {plural(data.waiting, 'review')} waiting: reviews are published once you have rated the family too,
          or after 14 days.
        </p>
      ) : null}
      {data.published.length === 0 ? (
        <p className="text-muted-foreground">No published reviews yet.</p>
      ) : (
        <ul className="space-y-3">
          {data.published.map((r) => (
            <li key={r.id} className="rounded-xl border border-border bg-surface p-4">
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                {displayName(r.family.firstName, r.family.lastName)} <StarRating value={r.rating} />
                <span className="text-sm font-normal text-muted-foreground">{formatDate(r.createdAt)}</span>
              </p>
              {r.comment ? <p className="mt-1">{r.comment}</p> : null}
              {r.reply ? (
                <p className="mt-2 rounded-lg bg-muted/50 px-3 py-2 text-sm">
                  <span className="font-semibold">Your reply:</span> {r.reply.text}
                </p>
              ) : (
                <div className="mt-2">
                  <ReplyForm reviewId={r.id} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const tabClasses =
  'rounded-md px-3 py-2 text-sm font-semibold capitalize data-[state=active]:bg-primary data-[state=active]:text-primary-foreground hover:bg-muted data-[state=active]:hover:bg-primary';

/** The caregiver dashboard (spec §2): tabs overview, badges, bookings, stats, messages, profile; every figure real. */
export function CaregiverDashboard({ data, profile }: { data: Data; profile: MyCaregiverProfile }) {
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
      <KindsConfirmPrompt profile={profile} />
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
          <Overview data={data} profile={profile} />
        </Tabs.Content>
        <Tabs.Content value="badges" className="space-y-6">
          <p className="text-lg">
            <span className="font-bold">{stats.badgePoints.toLocaleString('en-US')}</span> badge points ·{' '}
            {data.badges.length} of {data.badges.length + data.availableBadges.length} badges earned
          </p>
          <section aria-labelledby="badges-earned" className="space-y-3">
            <h2 id="badges-earned" className="text-xl font-bold">
              Earned
            </h2>
            <EarnedList badges={data.badges} />
          </section>
          <section aria-labelledby="badges-available" className="space-y-3">
            <h2 id="badges-available" className="text-xl font-bold">
              Available
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2">
              {data.availableBadges.map((a) => (
                <AchievementItem key={a.id} a={a} />
              ))}
            </ul>
          </section>
        </Tabs.Content>
        <Tabs.Content value="bookings" className="space-y-3">
          <h2 className="text-xl font-bold">Bookings</h2>
          <p className="text-sm text-muted-foreground">
            {plural(stats.pendingBookings, 'request')} waiting · {stats.upcomingBookings} upcoming ·{' '}
            <Link to="/bookings" className="font-semibold text-primary-deep underline">
              All bookings
            </Link>
          </p>
          <BookingList bookings={data.recentBookings} />
        </Tabs.Content>
        <Tabs.Content value="stats" className="space-y-4">
          <h2 className="text-xl font-bold">Stats</h2>
          <HeadlineStats stats={stats} />
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <StatCard
              label="Profile views"
              value={stats.profileViews.toLocaleString('en-US')}
              hint="once per visitor per day"
            />
            <StatCard label="Favourited by" value={plural(stats.favoriteCount, 'family', 'families')} />
            <StatCard label="Longest streak" value={plural(stats.longestStreak, 'day')} />
            <StatCard label="Last active" value={stats.lastActiveDate ?? '—'} />
            <StatCard
              label="Average rating"
              value={Number(caregiver.averageRating).toFixed(2)}
              hint={plural(caregiver.totalReviews, 'review')}
            />
            <StatCard label="Pending requests" value={String(stats.pendingBookings)} />
            <StatCard label="Upcoming bookings" value={String(stats.upcomingBookings)} />
          </dl>
        </Tabs.Content>
        <Tabs.Content value="messages" className="space-y-4">
          <h2 className="text-xl font-bold">Messages</h2>
          <Link to="/messages" className={buttonClasses()}>
            Open messages
          </Link>
          <NotificationsList />
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
            <MyReviews />
          </section>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
