import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type BadgeMetrics, badgeProgress, seedBadgeCatalog } from '../../db/demo-data/badges';
import { badges, caregiverBadges, caregiverStats } from '../../db/schema';
import { notificationRepo } from '../notifications/repo';
import { rows, statsEngine } from '../stats-engine/repo';

export { seedBadgeCatalog };

/** No answers yet: a response-time rule (<= n) must not hold on an empty record. */
const NO_RESPONSES = 1_000_000;

/** The metrics every criteria rule is measured against, read from the records themselves. */
export async function collectMetrics(tx: Tx, caregiverId: number, now: Date): Promise<BadgeMetrics> {
  await statsEngine.ensure(tx, caregiverId);
  const [m] = await rows<{
    completed: number;
    total: number;
    hours: number;
    reviews: number;
    five: number;
    avg: string | number | null;
    experience: number;
    verified: boolean;
    safety: number;
    longest: number;
    complete: boolean;
  }>(
    tx,
    sql`select
      (select count(*) filter (where status = 'completed') from bookings where caregiver_id = c.id)::int as completed,
      (select count(*) from bookings where caregiver_id = c.id)::int as total,
      (select coalesce(sum(duration), 0) from bookings where caregiver_id = c.id and status = 'completed')::int as hours,
      (select count(*) from reviews r where r.caregiver_id = c.id and r.published_at is not null and r.hidden_at is null)::int as reviews,
      (select count(*) from reviews r where r.caregiver_id = c.id and r.published_at is not null and r.hidden_at is null and r.rating = 5)::int as five,
      (select round(avg(rating), 2) from reviews r where r.caregiver_id = c.id and r.published_at is not null and r.hidden_at is null) as avg,
      c.experience,
      u.is_verified as verified,
      ((case when 'First Aid Certified' = any(c.certifications) or 'First Aid Certified' = any(c.skills) then 1 else 0 end)
       + (case when 'CPR Certified' = any(c.certifications) or 'CPR Certified' = any(c.skills) then 1 else 0 end))::int as safety,
      coalesce(s.longest_streak, 0) as longest,
      (coalesce(length(trim(c.bio)), 0) > 0 and u.profile_image_url is not null and u.location is not null
        and cardinality(c.skills) > 0 and cardinality(c.availability) > 0 and c.hourly_rate > 0) as complete
    from caregivers c
    join users u on u.id = c.user_id
    left join caregiver_stats s on s.caregiver_id = c.id
    where c.id = ${caregiverId}`,
  );
  if (!m) throw new Error(`No caregiver ${caregiverId}`);
  const response = await statsEngine.measureResponseTime(tx, caregiverId, now);
  return {
    completed_bookings: m.completed,
    total_bookings: m.total,
    total_hours: m.hours,
    total_reviews: m.reviews,
    five_star_reviews: m.five,
    average_rating: m.avg == null ? 0 : Number(m.avg),
    experience_years: m.experience,
    verified: m.verified ? 1 : 0,
    safety_certifications: m.safety,
    response_time: response.median ?? NO_RESPONSES,
    responses: response.samples,
    longest_streak: m.longest,
    profile_complete: m.complete ? 1 : 0,
  };
}

export interface EarnedBadge {
  badgeId: number;
  name: string;
  points: number;
}

export interface EvaluateOptions {
  now: Date;
  /** Tell the caregiver about new badges (in-app notification); off when seeding. */
  notify?: boolean;
  /**
   * Seeding only: make earned badges agree with the rules even downwards. Live, a badge once earned
   * stays earned.
   */
  reconcile?: boolean;
}

/**
 * Measures the caregiver against every active badge: progress (0–100) for the unearned, earned when a
 * rule holds. Idempotent: a (caregiver, badge) pair is unique and an earned row is never updated, so
 * repeated or concurrent events award a badge once. badgePoints = the sum of the earned badges' points.
 */
export async function evaluateBadges(
  tx: Tx,
  caregiverId: number,
  opts: EvaluateOptions,
): Promise<EarnedBadge[]> {
  const catalog = await tx.select().from(badges).where(eq(badges.isActive, true));
  if (catalog.length === 0) return [];
  const metrics = await collectMetrics(tx, caregiverId, opts.now);
  const measured = catalog.map((b) => ({ badge: b, progress: badgeProgress(b.criteria, metrics) }));

  const changed = await tx
    .insert(caregiverBadges)
    .values(
      measured.map(({ badge, progress }) => ({
        caregiverId,
        badgeId: badge.id,
        progress,
        isCompleted: progress === 100,
        earnedAt: progress === 100 ? opts.now : null,
      })),
    )
    .onConflictDoUpdate({
      target: [caregiverBadges.caregiverId, caregiverBadges.badgeId],
      set: {
        progress: sql`excluded.progress`,
        isCompleted: sql`excluded.is_completed`,
        earnedAt: sql`excluded.earned_at`,
      },
      setWhere: sql`${caregiverBadges.isCompleted} = false`,
    })
    .returning({ badgeId: caregiverBadges.badgeId, isCompleted: caregiverBadges.isCompleted });

  if (opts.reconcile) {
    const unmet = measured.filter((m) => m.progress < 100);
    for (const { badge, progress } of unmet) {
      await tx
        .update(caregiverBadges)
        .set({ progress, isCompleted: false, earnedAt: null })
        .where(and(eq(caregiverBadges.caregiverId, caregiverId), eq(caregiverBadges.badgeId, badge.id)));
    }
  }

  const byId = new Map(catalog.map((b) => [b.id, b]));
  const earned = changed
    .filter((c) => c.isCompleted)
    .map((c) => {
      const b = byId.get(c.badgeId)!;
      return { badgeId: b.id, name: b.name, points: b.points, description: b.description };
    });

  await refreshBadgePoints(tx, caregiverId);

  if (opts.notify && earned.length > 0) {
    const [owner] = await rows<{ user_id: number }>(
      tx,
      sql`select user_id from caregivers where id = ${caregiverId}`,
    );
    for (const b of earned) {
      await notificationRepo.add(tx, {
        userId: owner.user_id,
        kind: 'badge',
        title: `You earned the ${b.name} badge`,
        body: `${b.description} (+${b.points} points)`,
        link: '/caregiver-dashboard?tab=badges',
      });
    }
  }
  return earned.map(({ badgeId, name, points }) => ({ badgeId, name, points }));
}

export async function refreshBadgePoints(tx: Tx, caregiverId: number): Promise<number> {
  const [r] = await rows<{ points: number }>(
    tx,
    sql`select coalesce(sum(b.points), 0)::int as points
        from caregiver_badges cb join badges b on b.id = cb.badge_id
        where cb.caregiver_id = ${caregiverId} and cb.is_completed`,
  );
  await tx
    .update(caregiverStats)
    .set({ badgePoints: r.points })
    .where(eq(caregiverStats.caregiverId, caregiverId));
  return r.points;
}

/** Earned and unearned badges of a caregiver, with the catalog entry. */
export async function listCaregiverBadges(tx: Tx, caregiverId: number) {
  const catalog = await tx.select().from(badges).where(eq(badges.isActive, true));
  const mine = catalog.length
    ? await tx
        .select()
        .from(caregiverBadges)
        .where(
          and(
            eq(caregiverBadges.caregiverId, caregiverId),
            inArray(
              caregiverBadges.badgeId,
              catalog.map((b) => b.id),
            ),
          ),
        )
    : [];
  const state = new Map(mine.map((m) => [m.badgeId, m]));
  return catalog.map((badge) => ({ badge, state: state.get(badge.id) }));
}
