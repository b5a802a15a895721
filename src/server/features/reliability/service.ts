import type { ReliabilityRecord } from '../../../shared/contracts/reliability';
import {
  NEUTRAL_RELIABILITY,
  RELIABILITY_WINDOW_MONTHS,
  type ReliabilityCounts,
  reliabilityScore,
} from '../../../shared/reliability';
import type { Db, Tx } from '../../db/client';
import type { BookingTransitionListener } from '../bookings';
import { type ReliabilityRow, reliabilityRepo, type Scope } from './repo';

/** The start of the window that ends at `at` (12 calendar months back). */
export function windowStart(at: Date): Date {
  const since = new Date(at);
  since.setUTCMonth(since.getUTCMonth() - RELIABILITY_WINDOW_MONTHS);
  return since;
}

const countsOf = (r: ReliabilityRow): ReliabilityCounts => ({
  completed: r.completed,
  lateCancellations: r.lateCancellations,
  noShows: r.noShows,
  checkIns: r.checkIns,
  onTimeCheckIns: r.onTimeCheckIns,
});

/** Which of these cancellations a parish emergency covered when they were made (the emergencies feature). */
export interface EmergencyExcuses {
  coveredWhen(tx: Tx, list: { id: number; startsAt: Date; endsAt: Date; at: Date }[]): Promise<Set<number>>;
}

/**
 * Recomputes the records of `scope` at `at` from the events and stores them (ADR 0035). Cancellations a
 * parish emergency covered when they were made are excused (asked of the emergencies feature).
 */
async function refresh(emergencyRules: EmergencyExcuses, tx: Tx, scope: Scope, at: Date): Promise<number> {
  if (scope !== 'all' && scope.length === 0) return 0;
  const since = windowStart(at);
  const cancellations = await reliabilityRepo.countedCancellations(tx, scope, since, at);
  const excused = await emergencyRules.coveredWhen(tx, cancellations);
  const counts = await reliabilityRepo.counts(tx, scope, since, at, [...excused]);
  const records = [...counts].map(([caregiverId, c]) => ({ caregiverId, ...c, score: reliabilityScore(c) }));
  await reliabilityRepo.save(tx, records, at);
  return records.length;
}

/**
 * Reliability records for other features, inside their own transaction. rankOf is the order backup offers
 * (and anyone else) use: higher is more reliable; a caregiver with no record gets NEUTRAL_RELIABILITY, which
 * no record where more than 1 in 10 visits went wrong reaches.
 */
export const reliabilityService = {
  async rankOf(tx: Tx, caregiverIds: number[]): Promise<Map<number, number>> {
    const stored = new Map((await reliabilityRepo.find(tx, caregiverIds)).map((r) => [r.caregiverId, r]));
    return new Map(
      caregiverIds.map((id) => {
        const r = stored.get(id);
        return [id, r ? Number(r.score) : NEUTRAL_RELIABILITY];
      }),
    );
  },

  /** The stored record, as the profile shows it (zeros and the neutral score when none is stored yet). */
  async recordOf(tx: Tx, caregiverId: number): Promise<ReliabilityRecord> {
    const [r] = await reliabilityRepo.find(tx, [caregiverId]);
    const counts = r
      ? countsOf(r)
      : { completed: 0, lateCancellations: 0, noShows: 0, checkIns: 0, onTimeCheckIns: 0 };
    return {
      ...counts,
      score: r ? Number(r.score) : NEUTRAL_RELIABILITY,
      windowMonths: RELIABILITY_WINDOW_MONTHS,
      computedAt: r?.computedAt.toISOString() ?? null,
    };
  },
};

/** Recomputing records, with the emergencies' excuses (built by services.ts; demo data and tests too). */
export function reliabilityRecords(emergencies: EmergencyExcuses) {
  /**
   * The booking listener (src/server/wiring/events.ts): a cancellation or a completion may move the caregiver's
   * record, so it is recomputed in the same transaction. Check-ins and visits ending are picked up by the job.
   */
  const followBooking: BookingTransitionListener = async (tx, e) => {
    if (e.to !== 'cancelled' && e.to !== 'completed') return;
    await refresh(emergencies, tx, [e.booking.caregiverId], e.at);
  };
  return {
    /** Recomputes these caregivers' records now (a listener, demo data, tests). */
    refresh: (tx: Tx, caregiverIds: number[], at: Date) => refresh(emergencies, tx, caregiverIds, at),
    /** Recomputes every caregiver's record (the daily job, `npm run reliability:recompute`). */
    refreshAll: (tx: Tx, at: Date) => refresh(emergencies, tx, 'all', at),
    followBooking,
  };
}

/** How far back each run of the refresh job looks (overlapping runs recompute, never double count). */
export const REFRESH_LOOKBACK_MS = 30 * 60_000;

/** The jobs' side: the caregivers touched lately, and everyone once a day (the window slides). */
export function createReliabilityService(deps: { db: Db; emergencies: EmergencyExcuses }) {
  const { db, emergencies } = deps;
  const records = reliabilityRecords(emergencies);
  return {
    /** The booking listener (src/server/wiring/events.ts). */
    followBooking: records.followBooking,
    async refreshTouched(at: Date): Promise<{ refreshed: number }> {
      return db.transaction(async (tx) => {
        const ids = await reliabilityRepo.touched(tx, new Date(at.getTime() - REFRESH_LOOKBACK_MS), at);
        return { refreshed: await refresh(emergencies, tx, ids, at) };
      });
    },
    async refreshAll(at: Date): Promise<{ refreshed: number }> {
      return db.transaction(async (tx) => ({ refreshed: await refresh(emergencies, tx, 'all', at) }));
    },
  };
}
