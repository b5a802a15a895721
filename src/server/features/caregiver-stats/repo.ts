import { count, eq, sql } from 'drizzle-orm';
import { applyActivity } from '../../../shared/streak';
import { jamaicaToday } from '../../../shared/time';
import { ledger } from '../../core/ledger/service';
import type { Tx } from '../../db/client';
import { rows } from '../../db/raw-rows';
import { bookingResponses, caregiverStats, favourites, profileViews } from '../../db/schema';

export const RESPONSE_WINDOW_DAYS = 90;

/**
 * caregiver_stats, kept by events. Every refresh recomputes its figures from the records they describe
 * (bookings, ledger, messages, favourites), so a repeated or late event can never count twice.
 */
export const statsEngine = {
  async ensure(tx: Tx, caregiverId: number): Promise<void> {
    await tx
      .insert(caregiverStats)
      .values({ caregiverId })
      .onConflictDoNothing({ target: caregiverStats.caregiverId });
  },

  /** The row, locked for this transaction (created first when missing). */
  async lock(tx: Tx, caregiverId: number) {
    await this.ensure(tx, caregiverId);
    const [row] = await tx
      .select()
      .from(caregiverStats)
      .where(eq(caregiverStats.caregiverId, caregiverId))
      .for('update');
    return row;
  },

  async get(tx: Tx, caregiverId: number) {
    const [row] = await tx.select().from(caregiverStats).where(eq(caregiverStats.caregiverId, caregiverId));
    return row;
  },

  /** totalBookings, completedBookings, totalHours and totalEarnings from the bookings and earnings. */
  async refreshBookings(tx: Tx, caregiverId: number): Promise<void> {
    await this.ensure(tx, caregiverId);
    const [agg] = await rows<{ total: number; completed: number; hours: number }>(
      tx,
      sql`select count(*)::int as total,
                 count(*) filter (where status = 'completed')::int as completed,
                 coalesce(sum(duration) filter (where status = 'completed'), 0)::int as hours
          from bookings where caregiver_id = ${caregiverId}`,
    );
    const earnings = await caregiverEarningsCents(tx, caregiverId);
    await tx
      .update(caregiverStats)
      .set({
        totalBookings: agg.total,
        completedBookings: agg.completed,
        totalHours: agg.hours,
        totalEarnings: (earnings / 100).toFixed(2),
        updatedAt: new Date(),
      })
      .where(eq(caregiverStats.caregiverId, caregiverId));
  },

  /** A day with activity (an answer, a completed booking, a visit to the dashboard): the streaks move. */
  async recordActivity(tx: Tx, caregiverId: number, at: Date): Promise<void> {
    const row = await this.lock(tx, caregiverId);
    const next = applyActivity(
      { streakDays: row.streakDays, longestStreak: row.longestStreak, lastActiveDate: row.lastActiveDate },
      at,
    );
    if (next.lastActiveDate === row.lastActiveDate && next.streakDays === row.streakDays) return;
    await tx
      .update(caregiverStats)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(caregiverStats.caregiverId, caregiverId));
  },

  /** Writes when a caregiver answered a booking request (first answer only). */
  async recordBookingAnswer(
    tx: Tx,
    b: { id: number; caregiverId: number; createdAt: Date },
    at: Date,
  ): Promise<void> {
    await tx
      .insert(bookingResponses)
      .values({ bookingId: b.id, caregiverId: b.caregiverId, requestedAt: b.createdAt, answeredAt: at })
      .onConflictDoNothing();
  },

  /**
   * Median minutes between a family's first message (the first after the caregiver's last word) or a
   * booking request and the caregiver's answer, over the last 90 days. Unanswered ones do not count.
   */
  async measureResponseTime(tx: Tx, caregiverId: number, now: Date) {
    const all = await measureResponseTimes(tx, now, caregiverId);
    return all.get(caregiverId) ?? { median: null, samples: 0 };
  },

  async refreshResponseTime(tx: Tx, caregiverId: number, now: Date) {
    await this.ensure(tx, caregiverId);
    const measured = await this.measureResponseTime(tx, caregiverId, now);
    await tx
      .update(caregiverStats)
      .set({ responseTime: measured.median ?? 0 })
      .where(eq(caregiverStats.caregiverId, caregiverId));
    return measured;
  },

  async refreshFavourites(tx: Tx, caregiverId: number): Promise<number> {
    await this.ensure(tx, caregiverId);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(favourites)
      .where(eq(favourites.caregiverId, caregiverId));
    await tx
      .update(caregiverStats)
      .set({ favoriteCount: n })
      .where(eq(caregiverStats.caregiverId, caregiverId));
    return n;
  },

  /** Counts a view once per visitor per Jamaican day; true when this one counted. */
  async recordProfileView(tx: Tx, caregiverId: number, visitor: string, at: Date): Promise<boolean> {
    const inserted = await tx
      .insert(profileViews)
      .values({ caregiverId, visitor, day: jamaicaToday(at), createdAt: at })
      .onConflictDoNothing()
      .returning({ caregiverId: profileViews.caregiverId });
    if (inserted.length === 0) return false;
    await this.ensure(tx, caregiverId);
    await tx
      .update(caregiverStats)
      .set({ profileViews: sql`${caregiverStats.profileViews} + 1` })
      .where(eq(caregiverStats.caregiverId, caregiverId));
    return true;
  },
};

/** Everything the caregiver ever earned (cents), from the ledger's caregiver_payable account. */
export async function caregiverEarningsCents(tx: Tx, caregiverId: number): Promise<number> {
  return (await ledger.caregiverEarnings(tx, caregiverId)).total;
}

export interface ResponseMeasure {
  median: number | null;
  samples: number;
}

/** measureResponseTime for one caregiver, or for all of them at once (seeding). */
export async function measureResponseTimes(
  tx: Tx,
  now: Date,
  caregiverId: number | null = null,
): Promise<Map<number, ResponseMeasure>> {
  const since = new Date(now.getTime() - RESPONSE_WINDOW_DAYS * 86_400_000);
  const one = caregiverId === null ? sql`true` : sql`c.id = ${caregiverId}`;
  const result = await rows<{ cid: number; median: number | string | null; samples: number }>(
    tx,
    sql`with cg as (select c.id as cid, c.user_id as uid from caregivers c where ${one}),
      mine as (
        select cg.cid, cg.uid, m.id, m.sender_id, m.receiver_id, m.created_at, m.sender_id as other
        from cg join messages m on m.receiver_id = cg.uid
        union all
        select cg.cid, cg.uid, m.id, m.sender_id, m.receiver_id, m.created_at, m.receiver_id as other
        from cg join messages m on m.sender_id = cg.uid
      ),
      thread as (
        select mine.*, lag(sender_id) over (partition by cid, other order by created_at, id) as prev_sender
        from mine
      ),
      samples as (
        select t.cid, extract(epoch from (
                 (select min(a.created_at) from messages a
                   where a.sender_id = t.uid and a.receiver_id = t.sender_id and a.created_at >= t.created_at)
                 - t.created_at)) / 60.0 as minutes
        from thread t
        join users f on f.id = t.sender_id and f.user_type = 'family'
        where t.receiver_id = t.uid
          and (t.prev_sender is null or t.prev_sender = t.uid)
          and t.created_at >= ${since} and t.created_at <= ${now}
        union all
        select br.caregiver_id, extract(epoch from (br.answered_at - br.requested_at)) / 60.0
        from booking_responses br join cg on cg.cid = br.caregiver_id
        where br.requested_at >= ${since} and br.requested_at <= ${now}
      )
      select cid, percentile_cont(0.5) within group (order by minutes) as median, count(minutes)::int as samples
      from samples where minutes is not null group by cid`,
  );
  return new Map(
    result.map((r) => [
      r.cid,
      { median: r.median == null ? null : Math.round(Number(r.median)), samples: r.samples },
    ]),
  );
}

/**
 * Seeding: every caregiver's booking figures, response time and favourites in three statements (the
 * same definitions as refreshBookings, refreshResponseTime and refreshFavourites).
 */
export async function refreshAllStats(tx: Tx, now: Date): Promise<void> {
  await tx.execute(
    sql`insert into caregiver_stats (caregiver_id) select id from caregivers on conflict do nothing`,
  );
  await tx.execute(sql`
    update caregiver_stats s set
      total_bookings = coalesce(b.total, 0), completed_bookings = coalesce(b.completed, 0),
      total_hours = coalesce(b.hours, 0), total_earnings = coalesce(l.earned, 0),
      favorite_count = coalesce(f.n, 0), updated_at = ${now}
    from caregivers c
    left join (select caregiver_id, count(*)::int as total,
                      count(*) filter (where status = 'completed')::int as completed,
                      coalesce(sum(duration) filter (where status = 'completed'), 0)::int as hours
               from bookings group by caregiver_id) b on b.caregiver_id = c.id
    left join (select caregiver_id, sum(amount) filter (where amount > 0) as earned
               from ledger_entries where account = 'caregiver_payable' and caregiver_id is not null
               group by caregiver_id) l on l.caregiver_id = c.id
    left join (select caregiver_id, count(*)::int as n from favourites group by caregiver_id) f on f.caregiver_id = c.id
    where s.caregiver_id = c.id`);
  const times = await measureResponseTimes(tx, now);
  const values = [...times].map(([cid, m]) => sql`(${cid}::int, ${m.median ?? 0}::int)`);
  if (values.length > 0) {
    await tx.execute(sql`update caregiver_stats s set response_time = v.t
      from (values ${sql.join(values, sql`, `)}) as v(cid, t) where s.caregiver_id = v.cid`);
  }
}
