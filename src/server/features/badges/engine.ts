import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rows } from '../../db/raw-rows';
import { badges, caregiverBadges, caregiverStats } from '../../db/schema';
import { type BadgeMetrics, badgeProgress, seedBadgeCatalog } from '../../demo-data/badges';

export { seedBadgeCatalog };

/** Each caregiver's median response time over the window, and how many answers it rests on (caregiver-stats). */
export type ResponseTimes = (
  tx: Tx,
  now: Date,
  caregiverId: number | null,
) => Promise<Map<number, { median: number | null; samples: number }>>;

/** What the badges ask of other features (given by services.ts). */
export interface BadgeDeps {
  /** The caregiver's stats row (caregiver-stats): made sure of before measuring; their response times. */
  stats: { ensure(tx: Tx, caregiverId: number): Promise<void>; measureResponseTimes: ResponseTimes };
  /** In-app notices (notifications): a new badge is told to its caregiver. */
  notices: {
    add(
      tx: Tx,
      n: { userId: number; kind: string; title: string; body: string; link: string },
    ): Promise<void>;
  };
}

/** No answers yet: a response-time rule (<= n) must not hold on an empty record. */
const NO_RESPONSES = 1_000_000;

/** The metrics every criteria rule is measured against, read from the records themselves. */
async function collectMetrics(
  deps: Pick<BadgeDeps, 'stats'>,
  tx: Tx,
  caregiverId: number,
  now: Date,
): Promise<BadgeMetrics> {
  await deps.stats.ensure(tx, caregiverId);
  const m = (await collectAllMetrics(tx, now, deps.stats.measureResponseTimes, caregiverId)).get(caregiverId);
  if (!m) throw new Error(`No caregiver ${caregiverId}`);
  return m;
}

/** collectMetrics for one caregiver or all of them (seeding), in two statements. */
export async function collectAllMetrics(
  tx: Tx,
  now: Date,
  measureResponseTimes: ResponseTimes,
  caregiverId: number | null = null,
): Promise<Map<number, BadgeMetrics>> {
  const one = caregiverId === null ? sql`true` : sql`c.id = ${caregiverId}`;
  const result = await rows<{
    id: number;
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
    sql`select c.id,
      coalesce(b.completed, 0)::int as completed, coalesce(b.total, 0)::int as total,
      coalesce(b.hours, 0)::int as hours, coalesce(r.reviews, 0)::int as reviews,
      coalesce(r.five, 0)::int as five, r.avg, c.experience, u.is_verified as verified,
      ((case when 'First Aid Certified' = any(c.certifications) or 'First Aid Certified' = any(c.skills) then 1 else 0 end)
       + (case when 'CPR Certified' = any(c.certifications) or 'CPR Certified' = any(c.skills) then 1 else 0 end))::int as safety,
      coalesce(s.longest_streak, 0) as longest,
      (coalesce(length(trim(c.bio)), 0) > 0 and u.profile_image_url is not null and u.location is not null
        and cardinality(c.skills) > 0 and cardinality(c.availability) > 0 and c.hourly_rate > 0) as complete
    from caregivers c
    join users u on u.id = c.user_id
    left join caregiver_stats s on s.caregiver_id = c.id
    left join (select caregiver_id, count(*) as total, count(*) filter (where status = 'completed') as completed,
                      sum(duration) filter (where status = 'completed') as hours
               from bookings group by caregiver_id) b on b.caregiver_id = c.id
    left join (select caregiver_id, count(*) as reviews, count(*) filter (where rating = 5) as five,
                      round(avg(rating), 2) as avg
               from reviews where published_at is not null and hidden_at is null
               group by caregiver_id) r on r.caregiver_id = c.id
    where ${one}`,
  );
  const responses = await measureResponseTimes(tx, now, caregiverId);
  return new Map(
    result.map((m) => {
      const response = responses.get(m.id) ?? { median: null, samples: 0 };
      return [
        m.id,
        {
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
        },
      ];
    }),
  );
}

/**
 * Seeding: measures every caregiver against every badge in a few statements and makes the earned
 * badges agree with the rules (an earned badge keeps its earnedAt; a new one is earned `now`).
 */
export async function evaluateAllForSeed(tx: Tx, now: Date, responseTimes: ResponseTimes): Promise<void> {
  const catalog = await tx.select().from(badges).where(eq(badges.isActive, true));
  const metrics = await collectAllMetrics(tx, now, responseTimes);
  const values = [...metrics].flatMap(([caregiverId, m]) =>
    catalog.map((b) => {
      const progress = badgeProgress(b.criteria, m);
      return {
        caregiverId,
        badgeId: b.id,
        progress,
        isCompleted: progress === 100,
        earnedAt: progress === 100 ? now : null,
      };
    }),
  );
  for (let i = 0; i < values.length; i += 1000) {
    await tx
      .insert(caregiverBadges)
      .values(values.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [caregiverBadges.caregiverId, caregiverBadges.badgeId],
        set: {
          progress: sql`excluded.progress`,
          isCompleted: sql`excluded.is_completed`,
          earnedAt: sql`case when excluded.is_completed then coalesce(${caregiverBadges.earnedAt}, excluded.earned_at) end`,
        },
      });
  }
  await tx.execute(sql`
    update caregiver_stats s set badge_points = coalesce(p.points, 0)
    from caregivers c
    left join (select cb.caregiver_id, sum(b.points)::int as points
               from caregiver_badges cb join badges b on b.id = cb.badge_id
               where cb.is_completed group by cb.caregiver_id) p on p.caregiver_id = c.id
    where s.caregiver_id = c.id`);
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
}

/**
 * Measures the caregiver against every active badge: progress (0–100) for the unearned, earned when a
 * rule holds. Idempotent: a (caregiver, badge) pair is unique and an earned row is never updated, so
 * repeated or concurrent events award a badge once. badgePoints = the sum of the earned badges' points.
 */
async function evaluateBadges(
  deps: BadgeDeps,
  tx: Tx,
  caregiverId: number,
  opts: EvaluateOptions,
): Promise<EarnedBadge[]> {
  const catalog = await tx.select().from(badges).where(eq(badges.isActive, true));
  if (catalog.length === 0) return [];
  const metrics = await collectMetrics(deps, tx, caregiverId, opts.now);
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
      await deps.notices.add(tx, {
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

/** The badges of every caregiver, measured with the stats and told through the notices of `deps`. */
export function createBadgeEngine(deps: BadgeDeps) {
  return {
    /** See evaluateBadges: measures one caregiver against every active badge (in the caller's `tx`). */
    evaluate: (tx: Tx, caregiverId: number, opts: EvaluateOptions) =>
      evaluateBadges(deps, tx, caregiverId, opts),
    /** Measures one caregiver's metrics (the stats row made sure of first). */
    collectMetrics: (tx: Tx, caregiverId: number, now: Date) => collectMetrics(deps, tx, caregiverId, now),
    /** After a booking state change (booking events, src/server/wiring/events.ts): its caregiver's badges again. */
    async remeasureAfterBooking(tx: Tx, e: { booking: { caregiverId: number }; at: Date }): Promise<void> {
      await evaluateBadges(deps, tx, e.booking.caregiverId, { now: e.at, notify: true });
    },
    listCaregiverBadges,
  };
}

export type BadgeEngine = ReturnType<typeof createBadgeEngine>;
