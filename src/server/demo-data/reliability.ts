import { sql } from 'drizzle-orm';
import { centsToDecimal, priceBooking, toCents } from '../../shared/money';
import { CHECK_IN_SINCE } from '../../shared/reliability';
import type { Tx } from '../db/client';
import { rows } from '../db/raw-rows';
import { bookingEvents, bookings, visitEntries } from '../db/schema';
import { bookingLookups } from '../features/bookings';
import { createEmergencyRules } from '../features/emergencies';
import { reliabilityRecords } from '../features/reliability';

/** Reliability records as the app keeps them (cancellations a parish emergency covered are excused). */
const records = reliabilityRecords(createEmergencyRules(bookingLookups));

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MIN = 60_000;

/** On-time offsets (minutes after the start) of the demo record's check-ins: all within 10 minutes. */
const CHECK_IN_OFFSETS = [-12, -5, 0, 3, -8, 6, 2, -3, 9, -1, 4, 1];

/**
 * The demo's visible reliability record (ADR 0035), computed by the same code at seeding: the first listed
 * caregiver with nothing counted gets 12 completed visits with the demo family over the past year, each with an
 * on-time check-in, and one visit they cancelled 3 hours before its start — "Completed 12 of 13 visits,
 * cancelled 1 late", "On time for 12 of 12 check-ins". Completed demo visits since check-in began get a
 * check-in (the generator writes none; without one they would read as missed). Then every record is computed.
 * Returns the caregiver's id.
 */
export async function seedDemoReliability(tx: Tx, now: Date, familyId: number): Promise<number | null> {
  await tx.execute(sql`insert into visit_entries (booking_id, kind, client_id, author_user_id, recorded_at, received_at, effective_at)
    select b.id, 'check_in', 'demo-check-in-' || b.id, c.user_id,
      b.starts_at + make_interval(mins => (b.id % 9) - 4), b.starts_at + make_interval(mins => (b.id % 9) - 4),
      b.starts_at + make_interval(mins => (b.id % 9) - 4)
    from bookings b join caregivers c on c.id = b.caregiver_id
    where b.status = 'completed' and b.starts_at >= ${CHECK_IN_SINCE.toISOString()}::timestamptz
      and not exists (select 1 from visit_entries v where v.booking_id = b.id and v.kind = 'check_in')`);

  await records.refreshAll(tx, now);
  const [cg] = await rows<{ id: number; user_id: number; hourly_rate: string }>(
    tx,
    sql`select c.id, c.user_id, c.hourly_rate::text as hourly_rate
        from caregivers c join caregiver_reliability r on r.caregiver_id = c.id
        where c.is_listed and r.completed + r.late_cancellations + r.no_shows = 0
        order by c.id limit 1`,
  );
  if (cg) {
    // (the first listed caregiver with nothing counted yet)
    // 10:00 AM to 1:00 PM in Jamaica (15:00Z), every four weeks back from 12 days ago, and the late one.
    const day = (daysAgo: number) => {
      const d = new Date(now.getTime() - daysAgo * DAY);
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 15));
    };
    const rate = toCents(cg.hourly_rate);
    const price = priceBooking(rate, 3);
    const visit = (startsAt: Date, status: 'completed' | 'cancelled') => {
      const endsAt = new Date(startsAt.getTime() + 3 * HOUR);
      const createdAt = new Date(startsAt.getTime() - 6 * DAY);
      return {
        familyId,
        caregiverId: Number(cg.id),
        date: new Date(startsAt.getTime() - 5 * HOUR).toISOString().slice(0, 10),
        startTime: '10:00',
        endTime: '13:00',
        duration: 3,
        startsAt,
        endsAt,
        hourlyRate: centsToDecimal(rate),
        platformFee: centsToDecimal(price.platformFee),
        totalCost: centsToDecimal(price.total),
        status,
        createdAt,
        updatedAt:
          status === 'completed' ? new Date(endsAt.getTime() + DAY) : new Date(startsAt.getTime() - 3 * HOUR),
        confirmedAt: new Date(createdAt.getTime() + 2 * HOUR),
        completedAt: status === 'completed' ? new Date(endsAt.getTime() + HOUR) : null,
        cancelledAt: status === 'cancelled' ? new Date(startsAt.getTime() - 3 * HOUR) : null,
        cancelledBy: status === 'cancelled' ? Number(cg.user_id) : null,
      };
    };
    // The caregiver's own bookings (any state) stay clear of these visits: a visit whose day is taken moves a
    // day further back (a generated cancellation may already sit on that day, depending on today's date).
    const taken = await rows<{ starts_at: Date; ends_at: Date }>(
      tx,
      sql`select starts_at, ends_at from bookings where caregiver_id = ${Number(cg.id)}`,
    );
    const clear = (daysAgo: number) => {
      for (let back = daysAgo; back < daysAgo + 14; back++) {
        const startsAt = day(back);
        const endsAt = startsAt.getTime() + 3 * HOUR;
        const overlaps = taken.some(
          (b) =>
            new Date(b.starts_at).getTime() < endsAt && new Date(b.ends_at).getTime() > startsAt.getTime(),
        );
        if (!overlaps) return startsAt;
      }
      return day(daysAgo);
    };
    const kept = await tx
      .insert(bookings)
      .values(CHECK_IN_OFFSETS.map((_, i) => visit(clear(12 + 28 * i), 'completed')))
      .returning();
    const [late] = await tx
      .insert(bookings)
      .values(visit(clear(5), 'cancelled'))
      .returning();
    await tx.insert(visitEntries).values(
      kept.map((b, i) => {
        const at = new Date(b.startsAt.getTime() + CHECK_IN_OFFSETS[i] * MIN);
        return {
          bookingId: b.id,
          kind: 'check_in' as const,
          clientId: `demo-reliability-${b.id}`,
          authorUserId: Number(cg.user_id),
          recordedAt: at,
          receivedAt: at,
          effectiveAt: at,
        };
      }),
    );
    const event = (
      b: typeof late,
      from: 'pending' | 'confirmed' | null,
      to: typeof b.status,
      at: Date,
      actor: number,
    ) => ({
      bookingId: b.id,
      fromStatus: from,
      toStatus: to,
      actorUserId: actor,
      at,
    });
    await tx
      .insert(bookingEvents)
      .values(
        [...kept, late].flatMap((b) => [
          event(b, null, 'pending', b.createdAt, familyId),
          event(b, 'pending', 'confirmed', b.confirmedAt!, Number(cg.user_id)),
          b.status === 'cancelled'
            ? event(b, 'confirmed', 'cancelled', b.cancelledAt!, Number(cg.user_id))
            : event(b, 'confirmed', 'completed', b.completedAt!, Number(cg.user_id)),
        ]),
      );
  }
  if (!cg) return null;
  await records.refresh(tx, [Number(cg.id)], now);
  return Number(cg.id);
}
