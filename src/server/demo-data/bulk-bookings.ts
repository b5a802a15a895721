import { inArray } from 'drizzle-orm';
import { type CaregiverKind, PARISHES, type Parish } from '../../shared/catalog';
import type { Tx } from '../db/client';
import { bookings, users } from '../db/schema';
import { avatarUrl } from '../features/avatars';
import { pickVisit } from './bookings';
import { phoneNumber } from './contact-details';
import { DAY, HOUR, pad } from './dates';
import { bookingMoney, money } from './money';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES } from './names';
import { pickTown } from './places';
import { createRng, hashString, type Rng } from './random';
import { fitsTime, noteText } from './text-templates';
import { run, unnestInsert } from './unnest-insert';

/**
 * Upcoming work for bulk caregivers, so a search page's rows carry bookings as real ones do: about 40 %
 * of them (of those taking work) hold 1–3 confirmed or pending bookings in the next 14 days, on different
 * days (never overlapping), with the run's families, priced by the fee policy. No payments behind them.
 */

/** Two families per parish: bookings go to a family of the caregiver's parish four times in five. */
const FAMILY_PARISHES: readonly Parish[] = [...PARISHES, ...PARISHES];
/** Day offsets from today (Jamaica): every booking ends before now + 14 days. */
const DAY_OFFSETS = Array.from({ length: 14 }, (_, d) => d);
const MINUTE = 60_000;

export const familyEmail = (runId: string, k: number) => `bulk-${runId}-family-${k + 1}@example.test`;

/**
 * The run's family accounts, created or (a run id used again) reused. Returns their ids in
 * FAMILY_PARISHES order.
 */
export async function ensureFamilies(
  tx: Tx,
  runId: string,
  passwordHash: string,
  now: Date,
): Promise<number[]> {
  const rng = createRng(hashString(`${runId}/families`));
  const emails = FAMILY_PARISHES.map((_, k) => familyEmail(runId, k));
  const rows = FAMILY_PARISHES.map((parish, k) => {
    const firstName = rng.pick(rng.chance(0.7) ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    const createdAt = new Date(now.getTime() - rng.int(20, 600) * DAY - rng.int(0, 86_399) * 1000);
    return {
      email: emails[k],
      password: passwordHash,
      firstName,
      lastName,
      userType: 'family' as const,
      phone: phoneNumber(rng),
      location: pickTown(rng, parish),
      parish,
      profileImageUrl: avatarUrl(firstName, lastName, `${runId}-family-${k}`),
      createdAt,
      updatedAt: createdAt,
    };
  });
  await tx.insert(users).values(rows).onConflictDoNothing();
  const found = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const idOf = new Map(found.map((r) => [r.email, r.id]));
  return emails.map((e) => idOf.get(e)!);
}

export interface BookingInput {
  kinds: readonly CaregiverKind[];
  /** Whole JMD an hour. */
  rate: number;
  parish: Parish;
  takesWork: boolean;
  createdAt: Date;
}

export type BulkBooking = Record<string, string | number | Date | null>;

/** One caregiver's upcoming bookings (family as an index into the run's families). */
export function drawBookings(rng: Rng, c: BookingInput, now: Date, today: string): BulkBooking[] {
  if (!c.takesWork || !rng.chance(0.44)) return [];
  const wanted = rng.weighted<number>([
    [1, 5],
    [2, 3],
    [3, 2],
  ]);
  const nowMs = now.getTime();
  const out: BulkBooking[] = [];
  const local = FAMILY_PARISHES.flatMap((p, k) => (p === c.parish ? [k] : []));
  // One booking a day at most, so none overlaps; today's only while its start is 2 hours away or more.
  for (const offset of rng.shuffle(DAY_OFFSETS)) {
    if (out.length === wanted) break;
    const { profile, duration, startHour, date, startsAt } = pickVisit(rng, c.kinds, today, offset);
    if (startsAt.getTime() < nowMs + 2 * HOUR) continue;
    const family = rng.chance(0.8) ? rng.pick(local) : rng.int(0, FAMILY_PARISHES.length - 1);
    const { platformFee, totalCost } = bookingMoney(c.rate, duration);
    const confirmed = rng.chance(0.6);
    // A request still pending is under 20 hours old (the 24-hour expiry leaves it alone); a confirmed
    // one was asked for up to 6 days ago and accepted within the day.
    const asked = confirmed ? rng.int(2 * 60, 6 * 24 * 60) : rng.int(2 * 60, 20 * 60);
    const createdAt = new Date(Math.max(nowMs - asked * MINUTE, c.createdAt.getTime() + HOUR));
    const confirmedAt = confirmed
      ? new Date(Math.min(createdAt.getTime() + rng.int(10, 20 * 60) * MINUTE, nowMs - 5 * MINUTE))
      : null;
    const notePool = profile.notes.filter((n) => fitsTime(n, startHour, duration));
    out.push({
      family_id: family,
      date,
      start_time: `${pad(startHour)}:00`,
      end_time: `${pad(startHour + duration)}:00`,
      duration,
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + duration * HOUR),
      hourly_rate: money(c.rate),
      platform_fee: money(platformFee),
      total_cost: money(totalCost),
      status: confirmed ? 'confirmed' : 'pending',
      notes: notePool.length > 0 && rng.chance(0.75) ? noteText(rng.pick(notePool)) : null,
      created_at: createdAt,
      updated_at: confirmedAt ?? createdAt,
      confirmed_at: confirmedAt,
    });
  }
  return out;
}

const COLUMNS = [
  ['family_id', 'int'],
  ['caregiver_id', 'int'],
  ['date', 'text'],
  ['start_time', 'text'],
  ['end_time', 'text'],
  ['duration', 'int'],
  ['starts_at', 'timestamptz'],
  ['ends_at', 'timestamptz'],
  ['hourly_rate', 'numeric'],
  ['platform_fee', 'numeric'],
  ['total_cost', 'numeric'],
  ['status', 'text'],
  ['notes', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['confirmed_at', 'timestamptz'],
] as const;

/** Writes one batch's bookings, with the families' and caregivers' ids filled in. */
export async function insertBookings(
  tx: Tx,
  drawn: readonly { caregiverId: number; bookings: readonly BulkBooking[] }[],
  familyIds: readonly number[],
): Promise<void> {
  const rows = drawn.flatMap(({ caregiverId, bookings: mine }) =>
    mine.map((b) => ({ ...b, caregiver_id: caregiverId, family_id: familyIds[b.family_id as number] })),
  );
  if (rows.length > 0) await run(tx, unnestInsert(bookings, rows, COLUMNS, ['id']));
}
