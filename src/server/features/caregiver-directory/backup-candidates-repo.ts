import { and, asc, desc, eq, gt, inArray, lt, ne, notExists, type SQL, sql } from 'drizzle-orm';
import { PARISHES } from '../../../shared/catalog';
import { parishDistanceKm } from '../../../shared/parish-distance';
import { jamaicaToday } from '../../../shared/time';
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
  // Away then (time off, ADR 0046): a whole day is [midnight, next midnight) in Jamaica, part of a day is
  // its hours on each day of the range; only the days the booking touches are looked at.
  const startS = q.startsAt.getTime() / 1000;
  const endS = q.endsAt.getTime() / 1000;
  const d0 = jamaicaToday(q.startsAt);
  const d1 = jamaicaToday(q.endsAt);
  const seconds = (t: SQL, none: number) =>
    sql`coalesce(split_part(${t}, ':', 1)::int * 3600 + split_part(${t}, ':', 2)::int * 60, ${none})`;
  const dayStart = sql`((g.day::date - date '1970-01-01')::bigint * 86400 + 18000)`;
  const away = sql`exists (select 1 from availability_exceptions e
    cross join lateral generate_series(greatest(e.from_date, ${d0}::date), least(e.to_date, ${d1}::date), interval '1 day') g(day)
    where e.caregiver_id = ${caregivers.id} and e.kind = 'time_off'
      and e.to_date >= ${d0}::date and e.from_date <= ${d1}::date
      and ${dayStart} + ${seconds(sql`e.start_time`, 0)} < ${endS}::float8
      and ${dayStart} + ${seconds(sql`e.end_time`, 86400)} > ${startS}::float8)`;
  // No town: nobody is in the same town (a bare `false` would be a constant PostgreSQL refuses in ORDER BY).
  const sameTown: SQL = q.town
    ? sql`(${users.location} = ${q.town})`
    : sql`(${users.location} is null and false)`;
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
        sql`not ${away}`,
        q.parishes ? inArray(users.parish, [...q.parishes]) : undefined,
      ),
    )
    .orderBy(desc(sameTown), asc(parishOrder), asc(caregivers.hourlyRate), asc(caregivers.id))
    .limit(q.limit);
}
