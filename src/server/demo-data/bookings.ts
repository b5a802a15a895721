import type { CaregiverKind } from '../../shared/catalog';
import type { CaregiverPlan } from './caregivers';
import { CANCEL_NOTES, KIND_PROFILES } from './content';
import type { DemoContext } from './context';
import { addDays, DAY, HOUR, jamaicaInstant, maxDate, minDate, pad } from './dates';
import type { Family } from './families';
import { bookingMoney } from './money';
import { REGION } from './places';
import type { Rng } from './random';
import type { BookingRow, BookingStatus, CaregiverRow } from './rows';
import { fitsTime, noteText } from './text-templates';

/**
 * One caregiver's bookings, sorted by start: completed ones over their history, upcoming confirmed and
 * pending requests when they take new work, now and then a declined, expired or cancelled one; mostly
 * with families in their region, never two on one day.
 */
export function drawBookings(
  ctx: DemoContext,
  plan: CaregiverPlan,
  families: readonly Family[],
): BookingRow[] {
  const { rng, now, today } = ctx;
  const cg = plan.row;
  const isDemo = plan.forced !== undefined;
  const region = REGION[plan.parish];
  const local = families.filter((f) => f.region === region);
  const pickFamily = () =>
    (local.length > 0 && rng.chance(0.8) ? rng.pick(local) : rng.pick(families)).user.email;
  const usedDays = new Set<number>();
  const pickDay = (from: number, to: number): number | undefined => {
    for (let attempt = 0; attempt < 40; attempt++) {
      const d = rng.int(from, to);
      if (!usedDays.has(d)) {
        usedDays.add(d);
        return d;
      }
    }
    return undefined;
  };
  const maxBack = Math.max(3, Math.min(plan.accountAgeDays - 3, 300));
  const canTakeNew = cg.isActive && cg.isAvailable;

  const counts: Record<BookingStatus, number> = isDemo
    ? { completed: 12, confirmed: 3, pending: 2, cancelled: 1, declined: 1, expired: 1 }
    : {
        completed: cg.isActive
          ? rng.weighted<number>([
              [0, 2],
              [rng.int(1, 3), 4],
              [rng.int(4, 7), 4],
              [rng.int(8, 11), 2],
            ])
          : rng.int(0, 3),
        confirmed: canTakeNew
          ? rng.weighted<number>([
              [0, 4],
              [1, 4],
              [2, 2],
            ])
          : 0,
        pending: canTakeNew
          ? rng.weighted<number>([
              [0, 5],
              [1, 4],
              [2, 1],
            ])
          : 0,
        declined: rng.chance(0.12) ? 1 : 0,
        expired: rng.chance(0.1) ? 1 : 0,
        cancelled: rng.chance(0.12) ? 1 : 0,
      };
  const windows: Record<BookingStatus, [number, number]> = {
    completed: [-maxBack, -1],
    confirmed: [1, 28],
    pending: [1, 21],
    declined: [Math.max(-45, -maxBack), cg.isActive ? 14 : -1],
    expired: [Math.max(-30, -maxBack), -1],
    cancelled: [Math.max(-50, -maxBack), cg.isActive ? 20 : -1],
  };

  const mine: BookingRow[] = [];
  for (const status of ['completed', 'confirmed', 'pending', 'declined', 'expired', 'cancelled'] as const) {
    for (let n = 0; n < counts[status]; n++) {
      // The demo family's first completed booking with the demo nanny ended two days ago and is not
      // reviewed yet: 'Leave a review' shows on the family dashboard (within the 14 days).
      const offset =
        isDemo && status === 'completed' && n === 0 ? pickDay(-2, -2) : pickDay(...windows[status]);
      if (offset === undefined) continue;
      const familyEmail = plan.forced?.[status]?.[n] ?? pickFamily();
      mine.push(makeBooking(rng, now, today, cg, familyEmail, status, offset));
    }
  }
  mine.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return mine;
}

/**
 * One visit of a caregiver of these kinds on the day `offset` days from today: which kind of care (mostly
 * their main one), the hours from that kind's usual shifts (ending by 22:00), and its start in Jamaica.
 */
export function pickVisit(rng: Rng, kinds: readonly CaregiverKind[], today: string, offset: number) {
  const kind = kinds.length > 1 && rng.chance(0.25) ? rng.pick(kinds.slice(1)) : kinds[0];
  const profile = KIND_PROFILES[kind];
  const shift = rng.pick(profile.shifts);
  const duration = rng.pick(shift.durations);
  const startHour = Math.min(rng.int(shift.start[0], shift.start[1]), 22 - duration);
  const date = addDays(today, offset);
  return { kind, profile, duration, startHour, date, startsAt: jamaicaInstant(date, startHour) };
}

function makeBooking(
  rng: Rng,
  now: Date,
  today: string,
  cg: CaregiverRow,
  familyEmail: string,
  status: BookingStatus,
  offset: number,
): BookingRow {
  const { kind, profile, duration, startHour, date, startsAt } = pickVisit(rng, cg.kinds, today, offset);
  const endsAt = new Date(startsAt.getTime() + duration * HOUR);
  const { platformFee, totalCost } = bookingMoney(cg.hourlyRate, duration);
  let createdAt: Date;
  let updatedAt: Date;
  if (offset > 0) {
    // Asked for recently (after the caregiver joined); requests still pending are under 20 hours old,
    // so the 24-hour expiry rule leaves them alone for a while.
    const hoursAgo = status === 'pending' ? rng.int(2, 20) : rng.int(2, 6 * 24);
    createdAt = maxDate(new Date(now.getTime() - hoursAgo * HOUR), cg.createdAt);
    updatedAt =
      status === 'pending' ? createdAt : minDate(new Date(createdAt.getTime() + rng.int(1, 20) * HOUR), now);
  } else {
    createdAt = maxDate(
      new Date(startsAt.getTime() - rng.int(1, 14) * DAY),
      new Date(cg.createdAt.getTime() + HOUR),
    );
    updatedAt =
      status === 'completed'
        ? endsAt
        : status === 'expired'
          ? minDate(startsAt, new Date(createdAt.getTime() + 48 * HOUR))
          : minDate(new Date(createdAt.getTime() + rng.int(1, 30) * HOUR), startsAt);
  }
  const notePool = profile.notes.filter((n) => fitsTime(n, startHour, duration));
  let notes: string | null = notePool.length > 0 && rng.chance(0.75) ? noteText(rng.pick(notePool)) : null;
  if ((status === 'cancelled' || status === 'declined') && rng.chance(0.5)) notes = rng.pick(CANCEL_NOTES);
  return {
    familyEmail,
    caregiverEmail: cg.email,
    date,
    startTime: `${pad(startHour)}:00`,
    endTime: `${pad(startHour + duration)}:00`,
    duration,
    startsAt,
    endsAt,
    hourlyRate: cg.hourlyRate,
    platformFee,
    totalCost,
    status,
    kind,
    notes,
    createdAt: minDate(createdAt, now),
    updatedAt: minDate(maxDate(updatedAt, createdAt), now),
  };
}
