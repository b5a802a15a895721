import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import { isoWeekday } from '../../shared/booking-series';
import { jamaicaToday } from '../../shared/time';
import type { Tx } from '../db/client';
import { availabilityExceptions, bookings } from '../db/schema';
import { addDays, jamaicaInstant } from './dates';

/** The demo caregiver's time off (ADR 0046): days of next week (Monday to Friday in Jamaica). */
export const DEMO_TIME_OFF_NOTE = 'Family visit in Montego Bay';

/**
 * Time off for `caregiverId` next week: the longest run of its weekdays on which they hold no pending or
 * confirmed booking (the demo's bookings were made before; a caregiver books time off around their work),
 * the week after if every day of next week is taken. Returns the dates, or undefined when none was found.
 */
export async function seedDemoTimeOff(
  tx: Tx,
  now: Date,
  caregiverId: number,
): Promise<{ from: string; to: string } | undefined> {
  let monday = addDays(jamaicaToday(now), 1);
  while (isoWeekday(monday) !== 1) monday = addDays(monday, 1);
  for (let week = 0; week < 3; week++, monday = addDays(monday, 7)) {
    const days = [0, 1, 2, 3, 4].map((i) => addDays(monday, i));
    const held = await tx
      .select({ startsAt: bookings.startsAt, endsAt: bookings.endsAt })
      .from(bookings)
      .where(
        and(
          eq(bookings.caregiverId, caregiverId),
          inArray(bookings.status, ['pending', 'confirmed']),
          lt(bookings.startsAt, jamaicaInstant(addDays(monday, 5), 0)),
          gt(bookings.endsAt, jamaicaInstant(monday, 0)),
        ),
      );
    const free = days.map((d) => {
      const s = jamaicaInstant(d, 0).getTime();
      const e = jamaicaInstant(addDays(d, 1), 0).getTime();
      return !held.some((b) => b.startsAt.getTime() < e && b.endsAt.getTime() > s);
    });
    let best: [number, number] | undefined;
    for (let i = 0; i < days.length; i++) {
      if (!free[i]) continue;
      let j = i;
      while (j + 1 < days.length && free[j + 1]) j++;
      if (!best || j - i > best[1] - best[0]) best = [i, j];
      i = j;
    }
    if (best) {
      const range = { from: days[best[0]], to: days[best[1]] };
      await tx.insert(availabilityExceptions).values({
        caregiverId,
        kind: 'time_off',
        fromDate: range.from,
        toDate: range.to,
        note: DEMO_TIME_OFF_NOTE,
        createdAt: now,
      });
      return range;
    }
  }
  return undefined;
}
