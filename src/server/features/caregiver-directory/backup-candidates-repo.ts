import { and, asc, desc, eq, gt, inArray, lt, ne, notExists, type SQL, sql } from 'drizzle-orm';
import { PARISHES } from '../../../shared/catalog';
import { parishDistanceKm } from '../../../shared/parish-distance';
import type { Tx } from '../../db/client';
import { bookings, caregivers, users, verifications } from '../../db/schema';

export interface BackupCandidateQuery {
  /** The booked caregiver's kind (a backup offers the same care). */
  kind: string;
  /** The booking's hourly rate and the band around it (cents). */
  minRateCents: number;
  maxRateCents: number;
  startsAt: Date;
  endsAt: Date;
  /** Never offered: the caregiver who dropped out, and the family itself. */
  excludeCaregiverId: number;
  excludeUserId: number;
  /** Where the care happens. */
  town: string | null;
  parish: string | null;
  /** Only caregivers living in one of these parishes (the booking's and its neighbours); absent: anywhere. */
  parishes?: readonly string[];
  limit: number;
}

export interface BackupCandidate {
  caregiverId: number;
  userId: number;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  town: string | null;
  parish: string | null;
  hourlyRate: string;
}

/**
 * Caregivers who could replace one who dropped out (ADR 0034): listed (active, taking bookings, not
 * suspended), verification approved, of the kind, within the rate band, and holding no pending or confirmed
 * booking over the time (the exclusion constraint still decides at the rebook). Nearest first in SQL —
 * same town, same parish, then parishes by distance between capitals — then by rate; the caller re-orders
 * within each place by reliability.
 */
export async function backupCandidates(tx: Tx, q: BackupCandidateQuery): Promise<BackupCandidate[]> {
  const byDistance = [...PARISHES].sort(
    (a, b) => parishDistanceKm(q.parish, a) - parishDistanceKm(q.parish, b),
  );
  const busy = tx
    .select({ one: sql`1` })
    .from(bookings)
    .where(
      and(
        eq(bookings.caregiverId, caregivers.id),
        inArray(bookings.status, ['pending', 'confirmed']),
        lt(bookings.startsAt, q.endsAt),
        gt(bookings.endsAt, q.startsAt),
      ),
    );
  const sameTown: SQL = q.town ? sql`(${users.location} = ${q.town})` : sql`false`;
  const parishOrder = sql`coalesce(array_position(${sql.raw(
    `array[${byDistance.map((p) => `'${p.replace(/'/g, "''")}'`).join(',')}]::text[]`,
  )}, ${users.parish}), 99)`;
  return tx
    .select({
      caregiverId: caregivers.id,
      userId: caregivers.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
      town: users.location,
      parish: users.parish,
      hourlyRate: caregivers.hourlyRate,
    })
    .from(caregivers)
    .innerJoin(users, eq(users.id, caregivers.userId))
    .innerJoin(verifications, eq(verifications.userId, caregivers.userId))
    .where(
      and(
        eq(caregivers.isListed, true),
        eq(verifications.status, 'approved'),
        sql`${caregivers.kinds} @> array[${q.kind}]::text[]`,
        sql`${caregivers.hourlyRate} between ${q.minRateCents / 100} and ${q.maxRateCents / 100}`,
        ne(caregivers.id, q.excludeCaregiverId),
        ne(caregivers.userId, q.excludeUserId),
        notExists(busy),
        q.parishes ? inArray(users.parish, [...q.parishes]) : undefined,
      ),
    )
    .orderBy(desc(sameTown), asc(parishOrder), asc(caregivers.hourlyRate), asc(caregivers.id))
    .limit(q.limit);
}
