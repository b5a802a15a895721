import { eq, sql } from 'drizzle-orm';
import { CAREGIVER_KINDS } from '../../../shared/catalog';
import type { Achievement, CaregiverDashboardResponse } from '../../../shared/contracts/dashboard';
import { REVIEW_WINDOW_MS } from '../../../shared/review-window';
import { currentStreak } from '../../../shared/streak';
import { COMPLETED_AT } from '../../core/completed-at';
import type { Db } from '../../db/client';
import { rows } from '../../db/raw-rows';
import { caregivers, users } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { cents, iso, money } from './figures';
import type { DashboardDeps } from './ports';

/**
 * The share (%, one decimal) of the bookings a caregiver accepted and that reached an end which they
 * completed: completed / (completed + accepted bookings the caregiver cancelled). Pending and upcoming
 * bookings have not ended, declined requests were never accepted and a family's cancellation is not the
 * caregiver's doing, so none of them count (the old spec's completed / total counted all of them).
 */
export const completionRate = (completed: number, ended: number) =>
  ended === 0 ? 0 : Math.round((completed / ended) * 1000) / 10;
/** docs/product.md#constants-and-limits: earnings / hours, rounded. */
export const averagePerHour = (earnings: number, hours: number) =>
  hours === 0 ? 0 : Math.round(earnings / hours);

export const DASHBOARD_FORBIDDEN = 'You can only see your own dashboard.';
export const NO_PROFILE = 'Caregiver profile not found';

/** Which caregiver's dashboard the user may open: their own, or any for an admin; else 403. */
export async function resolveDashboardCaregiver(
  db: Db,
  user: SessionUser,
  caregiverId?: number,
): Promise<number> {
  if (caregiverId === undefined) {
    if (user.userType !== 'caregiver') throw forbidden(DASHBOARD_FORBIDDEN);
    const [me] = await db
      .select({ id: caregivers.id })
      .from(caregivers)
      .where(eq(caregivers.userId, user.id));
    if (!me) throw notFound(NO_PROFILE);
    return me.id;
  }
  const [c] = await db
    .select({ userId: caregivers.userId })
    .from(caregivers)
    .where(eq(caregivers.id, caregiverId));
  if (user.userType === 'admin') {
    if (!c) throw notFound(NO_PROFILE);
    return caregiverId;
  }
  if (!c || c.userId !== user.id) throw forbidden(DASHBOARD_FORBIDDEN);
  return caregiverId;
}

function achievement(
  badge: {
    id: number;
    name: string;
    description: string;
    icon: string;
    rarity: 'common' | 'rare' | 'epic' | 'legendary';
    points: number;
    category: string;
  },
  progress: number,
): Achievement {
  return {
    id: badge.id,
    name: badge.name,
    description: badge.description,
    icon: badge.icon,
    rarity: badge.rarity,
    points: badge.points,
    category: badge.category,
    progress,
  };
}

/**
 * The caregiver dashboard (docs/product.md#records dashboard response), all from records. When the owner opens it, the
 * visit is a day of activity, the response time is measured again (messages move it) and the badges
 * are re-measured (profile and verification changes award theirs).
 */
export async function caregiverDashboard(
  deps: DashboardDeps,
  caregiverId: number,
  opts: { now: Date; ownerVisit: boolean },
): Promise<CaregiverDashboardResponse> {
  const { now } = opts;
  const { db, stats: caregiverStatsService, badges } = deps;
  return db.transaction(async (tx) => {
    if (opts.ownerVisit) {
      await caregiverStatsService.recordActivity(tx, caregiverId, now);
      await caregiverStatsService.refreshResponseTime(tx, caregiverId, now);
      await badges.evaluate(tx, caregiverId, { now, notify: true });
    } else {
      await caregiverStatsService.ensure(tx, caregiverId);
    }
    const [row] = await tx
      .select({ c: caregivers, u: users })
      .from(caregivers)
      .innerJoin(users, eq(users.id, caregivers.userId))
      .where(eq(caregivers.id, caregiverId));
    if (!row) throw notFound(NO_PROFILE);
    const { c, u } = row;
    const stats = (await caregiverStatsService.get(tx, caregiverId))!;
    const response = await caregiverStatsService.measureResponseTime(tx, caregiverId, now);
    const [counts] = await rows<{ pending: number; upcoming: number; completed: number; dropped: number }>(
      tx,
      sql`select count(*) filter (where status = 'pending')::int as pending,
                 count(*) filter (where status = 'confirmed' and starts_at > ${now})::int as upcoming,
                 count(*) filter (where status = 'completed')::int as completed,
                 count(*) filter (where status = 'cancelled' and confirmed_at is not null
                   and cancelled_by = (select user_id from caregivers where id = ${caregiverId}))::int as dropped
          from bookings where caregiver_id = ${caregiverId}`,
    );

    const all = await badges.listCaregiverBadges(tx, caregiverId);
    const earned = all
      .filter((b) => b.state?.isCompleted && b.state.earnedAt)
      .sort((a, b) => b.state!.earnedAt!.getTime() - a.state!.earnedAt!.getTime());
    const available = all
      .filter((b) => !b.state?.isCompleted)
      .map((b) => achievement(b.badge, b.state?.progress ?? 0))
      .sort((a, b) => b.progress - a.progress || a.points - b.points || a.id - b.id);

    const since = new Date(now.getTime() - REVIEW_WINDOW_MS);
    const bookingRows = await rows<{
      id: number;
      status: string;
      date: string;
      start_time: string;
      end_time: string;
      total_cost: string;
      hourly_rate: string;
      earnings: string;
      platform_fee: string;
      duration: number;
      notes: string | null;
      family_id: number;
      first_name: string;
      last_name: string;
      profile_image_url: string | null;
      location: string | null;
      phone: string | null;
      can_rate: boolean;
    }>(
      tx,
      sql`select b.id, b.status, b.date, b.start_time, b.end_time, b.total_cost::text, b.hourly_rate::text,
                 (b.total_cost - b.platform_fee)::text as earnings, b.platform_fee::text, b.duration, b.notes, f.id as family_id, f.first_name, f.last_name, f.profile_image_url,
                 f.location, f.phone,
                 (b.status = 'completed' and ${COMPLETED_AT} >= ${since}
                   and not exists (select 1 from family_ratings fr where fr.booking_id = b.id)) as can_rate
          from bookings b join users f on f.id = b.family_id
          where b.caregiver_id = ${caregiverId}
          order by (b.status = 'pending') desc, b.starts_at desc, b.id desc
          limit 10`,
    );

    const activity = await rows<{ kind: 'badge' | 'review' | 'booking'; text: string; at: Date | string }>(
      tx,
      sql`(select 'badge' as kind, 'Earned the ' || bd.name || ' badge' as text, cb.earned_at as at
            from caregiver_badges cb join badges bd on bd.id = cb.badge_id
            where cb.caregiver_id = ${caregiverId} and cb.is_completed and cb.earned_at is not null
            order by cb.earned_at desc limit 3)
          union all
          (select 'review', 'New ' || r.rating || '-star review from ' || f.first_name, r.published_at
            from reviews r join users f on f.id = r.family_id
            where r.caregiver_id = ${caregiverId} and r.published_at is not null and r.hidden_at is null
            order by r.published_at desc limit 3)
          union all
          (select 'booking', 'Completed a ' || b.duration || '-hour booking with ' || f.first_name, b.ends_at
            from bookings b join users f on f.id = b.family_id
            where b.caregiver_id = ${caregiverId} and b.status = 'completed'
            order by b.ends_at desc limit 3)
          order by at desc limit 3`,
    );

    const earningsCents = cents(stats.totalEarnings);
    return {
      caregiver: {
        id: c.id,
        userId: u.id,
        firstName: u.firstName,
        lastName: u.lastName,
        profileImageUrl: u.profileImageUrl,
        location: u.location,
        isVerified: u.isVerified,
        isActive: c.isActive,
        isAvailable: c.isAvailable,
        hourlyRate: c.hourlyRate,
        averageRating: c.averageRating,
        totalReviews: c.totalReviews,
        kinds: c.kinds,
      },
      stats: {
        totalEarnings: money(earningsCents),
        totalHours: stats.totalHours,
        totalBookings: stats.totalBookings,
        completedBookings: stats.completedBookings,
        profileViews: stats.profileViews,
        favoriteCount: stats.favoriteCount,
        badgePoints: stats.badgePoints,
        responseTime: stats.responseTime,
        responseSamples: response.samples,
        streakDays: currentStreak(stats, now),
        longestStreak: stats.longestStreak,
        lastActiveDate: stats.lastActiveDate,
        completionRate: completionRate(counts.completed, counts.completed + counts.dropped),
        endedBookings: counts.completed + counts.dropped,
        averagePerHour: averagePerHour(earningsCents / 100, stats.totalHours),
        pendingBookings: counts.pending,
        upcomingBookings: counts.upcoming,
      },
      badges: earned.map(({ badge, state }) => ({
        id: state!.id,
        badgeId: badge.id,
        earnedAt: state!.earnedAt!.toISOString(),
        badge: {
          icon: badge.icon,
          name: badge.name,
          description: badge.description,
          rarity: badge.rarity,
          points: badge.points,
        },
      })),
      recentBookings: bookingRows.map((b) => ({
        id: b.id,
        status: b.status,
        date: b.date,
        startTime: b.start_time,
        endTime: b.end_time,
        family: {
          id: b.family_id,
          firstName: b.first_name,
          lastName: b.last_name,
          profileImageUrl: b.profile_image_url,
          location: b.location,
          phone: b.status === 'confirmed' || b.status === 'completed' ? b.phone : null,
        },
        rate: b.total_cost,
        hourlyRate: b.hourly_rate,
        earnings: b.earnings,
        platformFee: b.platform_fee,
        totalHours: b.duration,
        notes: b.notes,
        type: CAREGIVER_KINDS.find((k) => k.value === c.kinds[0])?.label ?? null,
        canRateFamily: b.can_rate,
      })),
      achievements: available.slice(0, 6),
      availableBadges: available,
      nextAchievements: available.filter((a) => a.progress < 100).slice(0, 2),
      recentActivity: activity.map((a) => ({ kind: a.kind, text: a.text, at: iso(a.at)! })),
    };
  });
}
