import { inArray, type SQL, sql } from 'drizzle-orm';
import {
  CHECK_IN_SINCE,
  LATE_CANCELLATION_HOURS,
  ON_TIME_GRACE_MINUTES,
  type ReliabilityCounts,
} from '../../../shared/reliability';
import type { Tx } from '../../db/client';
import { rows } from '../../db/raw-rows';
import { caregiverReliability } from '../../db/schema';

/** Which caregivers a computation covers: a list, or every caregiver. */
export type Scope = number[] | 'all';

export type ReliabilityRow = typeof caregiverReliability.$inferSelect;

const ids = (list: number[]) => sql`${sql.param(list)}::int[]`;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Every booking of the scope's caregivers that the window may count, classified (ADR 0035):
 * - 'kept': a confirmed visit that ended by `at` and started in the window, with a check-in, or completed
 *   without one if it started before check-in existed;
 * - 'no_show': the same with no check-in since check-in existed; or a confirmed visit cancelled by anyone
 *   but the caregiver (nor for being unpaid) after its no-show notice, with no check-in; or one the family
 *   replaced with a backup because nobody checked in (cancel_reason 'no_show', ADR 0034);
 * - 'late': a confirmed visit the caregiver cancelled within LATE_CANCELLATION_HOURS of its start.
 * Cancellations count in the window by their time. Emergency cover is decided by the caller (excused ids).
 */
function classified(scope: Scope, since: Date, at: Date): SQL {
  const cg =
    scope === 'all'
      ? sql`select c.id, c.user_id from caregivers c`
      : sql`select c.id, c.user_id from caregivers c where c.id = any(${ids(scope)})`;
  return sql`cg as (${cg}),
  v as (
    select b.id, b.caregiver_id, b.status, b.starts_at, b.ends_at, b.cancel_reason, cg.user_id as cg_user,
      ci.effective_at as check_in_at, ce.from_status, ce.actor_user_id, ce.at as cancel_at, ns.sent_at as notice_at
    from cg join bookings b on b.caregiver_id = cg.id
    left join visit_entries ci on ci.booking_id = b.id and ci.kind = 'check_in'
    left join lateral (
      select e.from_status, e.actor_user_id, e.at from booking_events e
      where e.booking_id = b.id and e.to_status = 'cancelled' order by e.at desc, e.id desc limit 1
    ) ce on b.status = 'cancelled'
    left join visit_no_show_notices ns on ns.booking_id = b.id
    where b.status in ('confirmed', 'completed', 'cancelled')
      and b.starts_at > ${ts(since)} - interval '1 day' and b.starts_at < ${ts(at)} + interval '1 day'
  ),
  k as (
    select v.*, case
      when status = 'cancelled' then case
        when from_status is distinct from 'confirmed' or cancel_at <= ${ts(since)} or cancel_at > ${ts(at)}
          then null
        when cancel_reason = 'no_show' then case when check_in_at is null then 'no_show' end
        when cancel_reason is not null then null
        when actor_user_id = cg_user then
          case when cancel_at > starts_at - make_interval(hours => ${LATE_CANCELLATION_HOURS}) then 'late' end
        when check_in_at is null and notice_at is not null and cancel_at >= notice_at then 'no_show'
      end
      when ends_at > ${ts(at)} or starts_at <= ${ts(since)} then null
      when check_in_at is not null then 'kept'
      when starts_at >= ${ts(CHECK_IN_SINCE)} then 'no_show'
      when status = 'completed' then 'kept'
    end as kind
    from v
  )`;
}

export const reliabilityRepo = {
  /** The cancellations that would count against a caregiver, for the emergency rule to judge. */
  async countedCancellations(tx: Tx, scope: Scope, since: Date, at: Date) {
    const found = await rows<{ id: number; starts_at: string; ends_at: string; cancel_at: string }>(
      tx,
      sql`with ${classified(scope, since, at)}
          select id, starts_at, ends_at, cancel_at from k where status = 'cancelled' and kind is not null`,
    );
    return found.map((r) => ({
      id: Number(r.id),
      startsAt: new Date(r.starts_at),
      endsAt: new Date(r.ends_at),
      at: new Date(r.cancel_at),
    }));
  },

  /** The counts per caregiver of the scope (zeros for those with nothing counted), `excused` left out. */
  async counts(
    tx: Tx,
    scope: Scope,
    since: Date,
    at: Date,
    excused: number[],
  ): Promise<Map<number, ReliabilityCounts>> {
    const found = await rows<{
      caregiver_id: number;
      completed: number;
      late: number;
      no_shows: number;
      check_ins: number;
      on_time: number;
    }>(
      tx,
      sql`with ${classified(scope, since, at)}
          select cg.id as caregiver_id,
            count(k.id) filter (where k.kind = 'kept')::int as completed,
            count(k.id) filter (where k.kind = 'late')::int as late,
            count(k.id) filter (where k.kind = 'no_show')::int as no_shows,
            count(k.id) filter (where k.kind = 'kept' and k.check_in_at is not null)::int as check_ins,
            count(k.id) filter (where k.kind = 'kept' and k.check_in_at
              <= k.starts_at + make_interval(mins => ${ON_TIME_GRACE_MINUTES}))::int as on_time
          from cg left join k on k.caregiver_id = cg.id and k.kind is not null
            and not (k.id = any(${ids(excused)}))
          group by cg.id`,
    );
    return new Map(
      found.map((r) => [
        Number(r.caregiver_id),
        {
          completed: Number(r.completed),
          lateCancellations: Number(r.late),
          noShows: Number(r.no_shows),
          checkIns: Number(r.check_ins),
          onTimeCheckIns: Number(r.on_time),
        },
      ]),
    );
  },

  /** Writes the records (insert or replace), then copies changed scores to caregivers for the search. */
  async save(tx: Tx, records: (ReliabilityCounts & { caregiverId: number; score: number })[], at: Date) {
    for (let i = 0; i < records.length; i += 1000) {
      const chunk = records.slice(i, i + 1000);
      await tx
        .insert(caregiverReliability)
        .values(chunk.map((r) => ({ ...r, score: r.score.toFixed(4), computedAt: at })))
        .onConflictDoUpdate({
          target: caregiverReliability.caregiverId,
          set: {
            completed: sql`excluded.completed`,
            lateCancellations: sql`excluded.late_cancellations`,
            noShows: sql`excluded.no_shows`,
            checkIns: sql`excluded.check_ins`,
            onTimeCheckIns: sql`excluded.on_time_check_ins`,
            score: sql`excluded.score`,
            computedAt: sql`excluded.computed_at`,
          },
        });
      // Only rows whose score moved: each caregivers write runs its search trigger.
      await tx.execute(sql`update caregivers c set reliability_score = r.score
        from caregiver_reliability r
        where r.caregiver_id = c.id and c.id = any(${ids(chunk.map((r) => r.caregiverId))})
          and c.reliability_score <> r.score`);
    }
  },

  async find(tx: Tx, caregiverIds: number[]): Promise<ReliabilityRow[]> {
    if (caregiverIds.length === 0) return [];
    return tx
      .select()
      .from(caregiverReliability)
      .where(inArray(caregiverReliability.caregiverId, caregiverIds));
  },

  /**
   * Caregivers whose record may have moved in (from, to]: a booking event, a check-in received, or a
   * confirmed visit that ended (it became kept or missed without any event).
   */
  async touched(tx: Tx, from: Date, to: Date): Promise<number[]> {
    const found = await rows<{ id: number }>(
      tx,
      sql`select b.caregiver_id as id from booking_events e join bookings b on b.id = e.booking_id
            where e.at > ${ts(from)} and e.at <= ${ts(to)}
          union
          select b.caregiver_id from visit_entries ve join bookings b on b.id = ve.booking_id
            where ve.kind = 'check_in' and ve.received_at > ${ts(from)} and ve.received_at <= ${ts(to)}
          union
          select b.caregiver_id from bookings b
            where b.status in ('confirmed', 'completed') and b.ends_at > ${ts(from)} and b.ends_at <= ${ts(to)}
              and b.starts_at > ${ts(from)} - interval '1 day'`,
    );
    return found.map((r) => Number(r.id));
  },
};
