import { BADGE_CATALOG, type BadgeMetrics, badgeProgress, parseBadgeCriteria } from './badges';
import type { CaregiverPlan } from './caregivers';
import type { DemoContext } from './context';
import { addDays, DAY, HOUR, maxDate, minDate } from './dates';
import { money } from './money';
import type { BookingRow, CaregiverBadgeRow, ReviewRow, StatsRow } from './rows';

/**
 * One caregiver's caregiver_stats row and badges, measured on their bookings (`mine`) and reviews
 * (`myReviews`).
 */
export function drawStatsAndBadges(
  ctx: DemoContext,
  plan: CaregiverPlan,
  mine: BookingRow[],
  myReviews: ReviewRow[],
): { stats: StatsRow; badges: CaregiverBadgeRow[] } {
  const { rng, now, today } = ctx;
  const cg = plan.row;
  const isDemo = plan.forced !== undefined;
  const completed = mine.filter((b) => b.status === 'completed');
  const caregiverBadges: CaregiverBadgeRow[] = [];
  // Stats, consistent with the bookings.
  const totalHours = completed.reduce((s, b) => s + b.duration, 0);
  const earnings = completed.reduce((s, b) => s + b.hourlyRate * b.duration, 0);
  const streakDays = isDemo ? 6 : cg.isActive ? rng.int(0, 12) : 0;
  const longestStreak = isDemo ? 21 : streakDays + rng.int(0, 20);
  const responseTime = isDemo ? 12 : rng.int(5, 180);
  const lastActive = isDemo ? today : addDays(today, cg.isActive ? -rng.int(0, 9) : -rng.int(40, 120));
  const metrics: BadgeMetrics = {
    completed_bookings: completed.length,
    total_bookings: mine.length,
    total_hours: totalHours,
    total_reviews: myReviews.length,
    five_star_reviews: myReviews.filter((r) => r.rating === 5).length,
    average_rating: Number(cg.averageRating),
    experience_years: cg.experience,
    verified: plan.user.isVerified ? 1 : 0,
    safety_certifications: ['First Aid Certified', 'CPR Certified'].filter((c) =>
      cg.certifications.includes(c),
    ).length,
    response_time: responseTime,
    responses: mine.filter((b) => b.status !== 'pending' && b.status !== 'expired').length,
    longest_streak: longestStreak,
    profile_complete:
      cg.bio &&
      plan.user.profileImageUrl &&
      plan.user.location &&
      cg.skills.length > 0 &&
      cg.availability.length > 0
        ? 1
        : 0,
  };
  let badgePoints = 0;
  for (const badge of BADGE_CATALOG) {
    const progress = badgeProgress(badge.criteria, metrics);
    if (progress === 0) continue;
    const isCompleted = progress === 100;
    if (isCompleted) badgePoints += badge.points;
    caregiverBadges.push({
      email: cg.email,
      badgeName: badge.name,
      progress,
      isCompleted,
      earnedAt: isCompleted
        ? earnedAt(badge.criteria, {
            now,
            createdAt: cg.createdAt,
            verifiedAt: plan.verification?.verifiedAt ?? null,
            completed,
            bookings: mine,
            reviews: myReviews,
            longestStreak,
          })
        : null,
    });
  }
  const stats: StatsRow = {
    email: cg.email,
    totalBookings: mine.length,
    completedBookings: completed.length,
    totalHours,
    totalEarnings: money(earnings),
    responseTime,
    profileViews: isDemo ? 486 : completed.length * rng.int(8, 20) + rng.int(10, 220),
    favoriteCount: isDemo ? 17 : rng.int(0, completed.length * 2 + 3),
    badgePoints,
    streakDays,
    longestStreak,
    lastActiveDate: lastActive,
    updatedAt: minDate(now, maxDate(cg.updatedAt, ...mine.map((b) => b.updatedAt))),
  };
  return { stats, badges: caregiverBadges };
}

interface Timeline {
  now: Date;
  createdAt: Date;
  verifiedAt: Date | null;
  completed: BookingRow[];
  bookings: BookingRow[];
  reviews: ReviewRow[];
  longestStreak: number;
}

/** When a badge was earned: the moment its last clause came true, from the caregiver's own history. */
function earnedAt(criteria: string, t: Timeline): Date {
  const nth = <T>(items: T[], n: number, at: (x: T) => Date) => (items[n - 1] ? at(items[n - 1]) : t.now);
  const byTime = <T>(items: T[], at: (x: T) => Date) =>
    [...items].sort((a, b) => at(a).getTime() - at(b).getTime());
  const times = parseBadgeCriteria(criteria).map((c): Date => {
    const n = Math.max(1, Math.ceil(c.value));
    switch (c.metric) {
      case 'completed_bookings':
        return nth(t.completed, n, (b) => b.endsAt);
      case 'total_bookings':
        return nth(
          byTime(t.bookings, (b) => b.createdAt),
          n,
          (b) => b.createdAt,
        );
      case 'total_hours': {
        let sum = 0;
        for (const b of t.completed) {
          sum += b.duration;
          if (sum >= c.value) return b.endsAt;
        }
        return t.now;
      }
      case 'total_reviews':
        return nth(
          byTime(t.reviews, (r) => r.createdAt),
          n,
          (r) => r.createdAt,
        );
      case 'five_star_reviews':
        return nth(
          byTime(
            t.reviews.filter((r) => r.rating === 5),
            (r) => r.createdAt,
          ),
          n,
          (r) => r.createdAt,
        );
      case 'average_rating':
        return t.reviews.length > 0 ? maxDate(...t.reviews.map((r) => r.createdAt)) : t.now;
      case 'verified':
        return t.verifiedAt ?? t.now;
      case 'longest_streak':
        return new Date(t.createdAt.getTime() + t.longestStreak * DAY);
      default:
        return new Date(t.createdAt.getTime() + HOUR);
    }
  });
  return minDate(
    maxDate(new Date(t.createdAt.getTime() + HOUR), ...times),
    new Date(t.now.getTime() - 60_000),
  );
}
