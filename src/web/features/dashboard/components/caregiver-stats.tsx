import { formatJmd } from '../../../../shared/money';
import { jmdAmount, plural } from '../../../lib/format';
import type { CaregiverDashboardResponse } from '../api';

type Data = CaregiverDashboardResponse;

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

export function HeadlineStats({ stats }: { stats: Data['stats'] }) {
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
        value={stats.endedBookings === 0 ? 'New' : `${stats.completionRate.toFixed(1)}%`}
        hint={
          stats.endedBookings === 0
            ? 'no accepted booking has ended yet'
            : 'of accepted bookings that ended (pending, upcoming and family-cancelled ones not counted)'
        }
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

/** The stats tab: the headline figures, then views, favourites, streak, rating and open requests. */
export function CaregiverStats({ data }: { data: Data }) {
  const { caregiver, stats } = data;
  return (
    <>
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
    </>
  );
}
