import { and, count, eq, sql } from 'drizzle-orm';
import { jamaicaToday } from '../../../shared/time';
import type { Tx } from '../../db/client';
import { bookingResponses, caregiverStats, caregivers, favourites, profileViews } from '../../db/schema';
import { applyActivity } from './streak';

/** Raw rows from tx.execute on pg and PGlite alike. */
export async function rows<R>(tx: Tx, query: ReturnType<typeof sql>): Promise<R[]> {
  return ((await tx.execute(query)) as unknown as { rows: R[] }).rows;
}

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
    const since = new Date(now.getTime() - RESPONSE_WINDOW_DAYS * 86_400_000);
    const [r] = await rows<{ median: number | string | null; samples: number }>(
      tx,
      sql`with me as (select user_id as uid from caregivers where id = ${caregiverId}),
        thread as (
          select m.sender_id, m.receiver_id, m.created_at,
                 lag(m.sender_id) over (
                   partition by case when m.sender_id = me.uid then m.receiver_id else m.sender_id end
                   order by m.created_at, m.id) as prev_sender
          from messages m, me
          where m.sender_id = me.uid or m.receiver_id = me.uid
        ),
        samples as (
          select extract(epoch from (
                   (select min(a.created_at) from messages a
                     where a.sender_id = me.uid and a.receiver_id = t.sender_id and a.created_at >= t.created_at)
                   - t.created_at)) / 60.0 as minutes
          from thread t
          cross join me
          join users f on f.id = t.sender_id and f.user_type = 'family'
          where t.receiver_id = me.uid
            and (t.prev_sender is null or t.prev_sender = me.uid)
            and t.created_at >= ${since} and t.created_at <= ${now}
          union all
          select extract(epoch from (answered_at - requested_at)) / 60.0
          from booking_responses
          where caregiver_id = ${caregiverId} and requested_at >= ${since} and requested_at <= ${now}
        )
        select percentile_cont(0.5) within group (order by minutes) as median, count(minutes)::int as samples
        from samples where minutes is not null`,
    );
    return { median: r?.median == null ? null : Math.round(Number(r.median)), samples: r?.samples ?? 0 };
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

/**
 * What the caregiver earned, in cents: the hourly rate times the hours of every completed booking
 * (the platform fee is the family's, on top).
 */
export async function caregiverEarningsCents(tx: Tx, caregiverId: number): Promise<number> {
  const [r] = await rows<{ cents: string | number | null }>(
    tx,
    sql`select coalesce(sum(round(hourly_rate * 100) * duration), 0) as cents
        from bookings where caregiver_id = ${caregiverId} and status = 'completed'`,
  );
  return Number(r?.cents ?? 0);
}

export async function caregiverIdOfUser(tx: Tx, userId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: caregivers.id })
    .from(caregivers)
    .where(and(eq(caregivers.userId, userId)));
  return row?.id;
}
