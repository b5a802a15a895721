import { CAREGIVER_KIND_VALUES, type CaregiverKind, PARISHES, type Parish } from '../../shared/catalog';
import { jamaicaToday } from '../../shared/time';
import type { Db } from '../db/client';
import { caregiverStats, caregivers, users } from '../db/schema';
import { hashPassword } from '../features/auth';
import { avatarUrl } from '../features/avatars';
import { drawBookings, ensureFamilies, insertBookings } from './bulk-bookings';
import { drawTrust, findReviewer, insertTrust } from './bulk-trust';
import { phoneNumber } from './contact-details';
import { KIND_PROFILES } from './content';
import { addDays } from './dates';
import { DEMO_PASSWORD } from './logins';
import { money } from './money';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES } from './names';
import { pickTown } from './places';
import {
  composeBio,
  pickAvailability,
  pickCertifications,
  pickKinds,
  pickRate,
  pickSkills,
} from './profile-picks';
import { createRng, hashString, type Rng } from './random';
import { run, unnestInsert } from './unnest-insert';

/**
 * Adds many generated caregivers for load and search benchmarks: users, caregivers and caregiver_stats
 * rows, with ratings and review counts set directly (no past bookings or reviews behind them); a
 * verification record for each verified caregiver (approved by the demo admin, so the Verified badge
 * shows) and for some others (pending or submitted: bulk-trust.ts); and for about 40 % of them 1–3
 * confirmed or pending bookings in the next 14 days with the run's 28 families (bulk-bookings.ts), so a
 * search page costs what a real one does. Emails are `bulk-<runid>-<n>@example.test` and
 * `bulk-<runid>-family-<k>@example.test`, so runs never collide. The records and bookings draw from
 * their own random streams: the caregivers of a run id are the same as before they existed. Each batch
 * is its own transaction: an interrupted run keeps whole batches only.
 */

export interface BulkOptions {
  onProgress?(done: number): void;
  /** Stops between batches (Ctrl+C in the CLI). */
  signal?: AbortSignal;
  /** Rows per multi-row insert (default 1,000). */
  batchSize?: number;
  /** Defaults to a new id per run (base-36 time). */
  runId?: string;
  /** A precomputed hash of DEMO_PASSWORD. */
  passwordHash?: string;
  now?: Date;
}

/** Population-ish weights, so Kingston and St. Andrew have most and every parish has some. */
const PARISH_WEIGHTS: Record<Parish, number> = {
  Kingston: 9,
  'St. Andrew': 16,
  'St. Thomas': 3,
  Portland: 3,
  'St. Mary': 4,
  'St. Ann': 6,
  Trelawny: 3,
  'St. James': 7,
  Hanover: 3,
  Westmoreland: 5,
  'St. Elizabeth': 5,
  Manchester: 7,
  Clarendon: 9,
  'St. Catherine': 19,
};

const KIND_WEIGHTS: Record<CaregiverKind, number> = {
  'child-care': 22,
  babysitters: 16,
  tutors: 10,
  'senior-care': 16,
  'special-needs': 7,
  housekeepers: 14,
  janitors: 7,
  maintenance: 8,
};

const PARISH_TABLE = PARISHES.map((p) => [p, PARISH_WEIGHTS[p]] as const);
const KIND_TABLE = CAREGIVER_KIND_VALUES.map((k) => [k, KIND_WEIGHTS[k]] as const);

function generateCaregiver(rng: Rng, runId: string, n: number, now: Date, today: string) {
  const parish = rng.weighted(PARISH_TABLE);
  const town = pickTown(rng, parish);
  const mainKind = rng.weighted(KIND_TABLE);
  const profile = KIND_PROFILES[mainKind];
  const female = rng.chance(profile.femaleShare);
  const firstName = rng.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
  const lastName = rng.pick(LAST_NAMES);
  const kinds = pickKinds(rng, mainKind);
  const experience = rng.int(1, 20);
  const verified = rng.chance(0.45);
  const certifications = pickCertifications(rng, mainKind, experience, verified);
  const rate = pickRate(rng, mainKind, experience);
  const createdAt = new Date(now.getTime() - rng.int(1, 900) * 86_400_000 - rng.int(0, 86_399) * 1000);

  const totalReviews = rng.weighted<number>([
    [0, 25],
    [rng.int(1, 9), 45],
    [rng.int(10, 60), 30],
  ]);
  // Mostly 4–5 stars: the mean of the reviews, not of a uniform range.
  const averageRating =
    totalReviews === 0 ? 0 : Math.min(5, 3.6 + rng.next() * 1.4 + (rng.chance(0.3) ? 0.3 : 0));
  const completedBookings = totalReviews + rng.int(0, Math.ceil(totalReviews / 3) + 2);
  const totalBookings = completedBookings + rng.int(0, 6);
  const avgHours = rng.pick(profile.shifts).durations[0];
  const totalHours = completedBookings * avgHours;

  const user = {
    email: `bulk-${runId}-${n}@example.test`,
    firstName,
    lastName,
    userType: 'caregiver',
    phone: phoneNumber(rng),
    location: town,
    parish,
    profileImageUrl: avatarUrl(firstName, lastName, n),
    isVerified: verified,
    verificationStatus: verified ? 'approved' : 'pending',
    createdAt,
    updatedAt: createdAt,
  };
  const caregiver = {
    bio: composeBio(rng, { kinds, town, parish, experience, certifications }),
    experience,
    hourlyRate: money(rate),
    certifications,
    skills: pickSkills(rng, kinds, certifications),
    availability: pickAvailability(rng, mainKind, rng.chance(0.1)),
    kinds,
    averageRating: averageRating.toFixed(2),
    totalReviews,
    isActive: rng.chance(0.98),
    isAvailable: rng.chance(0.92),
    createdAt,
    updatedAt: createdAt,
  };
  const streakDays = rng.int(0, 15);
  const stats = {
    totalBookings,
    completedBookings,
    totalHours,
    totalEarnings: money(totalHours * rate),
    responseTime: rng.int(5, 240),
    profileViews: completedBookings * rng.int(5, 25) + rng.int(0, 300),
    favoriteCount: rng.int(0, completedBookings + 5),
    badgePoints: 0,
    streakDays,
    longestStreak: streakDays + rng.int(0, 30),
    lastActiveDate: addDays(today, -rng.int(0, 30)),
    updatedAt: now,
  };
  return { user, caregiver, stats, rate };
}

const USER_COLUMNS = [
  ['email', 'text'],
  ['password', 'text'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['user_type', 'text'],
  ['phone', 'text'],
  ['location', 'text'],
  ['parish', 'text'],
  ['profile_image_url', 'text'],
  ['is_verified', 'boolean'],
  ['verification_status', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
] as const;

const CAREGIVER_COLUMNS = [
  ['user_id', 'int'],
  ['bio', 'text'],
  ['experience', 'int'],
  ['hourly_rate', 'numeric'],
  ['certifications', 'text[]'],
  ['skills', 'text[]'],
  ['availability', 'text[]'],
  ['kinds', 'text[]'],
  ['average_rating', 'numeric'],
  ['total_reviews', 'int'],
  ['is_active', 'boolean'],
  ['is_available', 'boolean'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
] as const;

const STATS_COLUMNS = [
  ['caregiver_id', 'int'],
  ['total_bookings', 'int'],
  ['completed_bookings', 'int'],
  ['total_hours', 'int'],
  ['total_earnings', 'numeric'],
  ['response_time', 'int'],
  ['profile_views', 'int'],
  ['favorite_count', 'int'],
  ['badge_points', 'int'],
  ['streak_days', 'int'],
  ['longest_streak', 'int'],
  ['last_active_date', 'date'],
  ['updated_at', 'timestamptz'],
] as const;

export async function seedBulkCaregivers(db: Db, count: number, opts: BulkOptions = {}): Promise<void> {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`count must be a whole number, got ${count}`);
  const batchSize = opts.batchSize ?? 1000;
  const now = opts.now ?? new Date();
  const today = jamaicaToday(now);
  const runId = opts.runId ?? now.getTime().toString(36);
  const passwordHash = opts.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  const rng = createRng(hashString(runId));
  const trustRng = createRng(hashString(`${runId}/trust`));
  const bookingRng = createRng(hashString(`${runId}/bookings`));
  let families: number[] | undefined;
  let reviewer: number | null = null;

  for (let done = 0; done < count; ) {
    if (opts.signal?.aborted) return;
    const n = Math.min(batchSize, count - done);
    const batch = Array.from({ length: n }, (_, k) => {
      const g = generateCaregiver(rng, runId, done + k + 1, now, today);
      const { user: u, caregiver: c } = g;
      const { parish, createdAt } = u;
      const trust = drawTrust(trustRng, { ...u, verified: u.isVerified, town: u.location }, now);
      if (trust) u.verificationStatus = trust.status; // users.verification_status mirrors the record
      const takesWork = c.isActive && c.isAvailable;
      const input = { kinds: c.kinds, rate: g.rate, parish, takesWork, createdAt };
      return { ...g, trust, bookings: drawBookings(bookingRng, input, now, today) };
    });
    await db.transaction(async (tx) => {
      if (!families) {
        families = await ensureFamilies(tx, runId, passwordHash, now);
        reviewer = await findReviewer(tx);
      }
      const userRows = await run<{ id: number; email: string }>(
        tx,
        unnestInsert(
          users,
          batch.map((b) => ({
            email: b.user.email,
            password: passwordHash,
            first_name: b.user.firstName,
            last_name: b.user.lastName,
            user_type: b.user.userType,
            phone: b.user.phone,
            location: b.user.location,
            parish: b.user.parish,
            profile_image_url: b.user.profileImageUrl,
            is_verified: b.user.isVerified,
            verification_status: b.user.verificationStatus,
            created_at: b.user.createdAt,
            updated_at: b.user.updatedAt,
          })),
          USER_COLUMNS,
          ['id', 'email'],
        ),
      );
      const userIdByEmail = new Map(userRows.map((r) => [r.email, Number(r.id)]));
      const userIds = batch.map((b) => userIdByEmail.get(b.user.email)!);
      await insertTrust(
        tx,
        batch.flatMap((b, i) => (b.trust ? [{ userId: userIds[i], record: b.trust }] : [])),
        reviewer,
      );
      const caregiverRows = await run<{ id: number; user_id: number }>(
        tx,
        unnestInsert(
          caregivers,
          batch.map((b, i) => {
            const c = b.caregiver;
            return {
              user_id: userIds[i],
              bio: c.bio,
              experience: c.experience,
              hourly_rate: c.hourlyRate,
              certifications: c.certifications,
              skills: c.skills,
              availability: c.availability,
              kinds: c.kinds,
              average_rating: c.averageRating,
              total_reviews: c.totalReviews,
              is_active: c.isActive,
              is_available: c.isAvailable,
              created_at: c.createdAt,
              updated_at: c.updatedAt,
            };
          }),
          CAREGIVER_COLUMNS,
          ['id', 'user_id'],
        ),
      );
      const caregiverIdByUser = new Map(caregiverRows.map((r) => [Number(r.user_id), Number(r.id)]));
      await run(
        tx,
        unnestInsert(
          caregiverStats,
          batch.map((b, i) => {
            const s = b.stats;
            return {
              caregiver_id: caregiverIdByUser.get(userIds[i])!,
              total_bookings: s.totalBookings,
              completed_bookings: s.completedBookings,
              total_hours: s.totalHours,
              total_earnings: s.totalEarnings,
              response_time: s.responseTime,
              profile_views: s.profileViews,
              favorite_count: s.favoriteCount,
              badge_points: s.badgePoints,
              streak_days: s.streakDays,
              longest_streak: s.longestStreak,
              last_active_date: s.lastActiveDate,
              updated_at: s.updatedAt,
            };
          }),
          STATS_COLUMNS,
          ['id'],
        ),
      );
      await insertBookings(
        tx,
        batch.map((b, i) => ({ caregiverId: caregiverIdByUser.get(userIds[i])!, bookings: b.bookings })),
        families,
      );
    });
    done += n;
    opts.onProgress?.(done);
    // PGlite answers within the same turn of the event loop, so without this a run would never let
    // timers or signal handlers (Ctrl+C) in until it ends.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
