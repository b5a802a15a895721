import type { Tx } from '../db/client';
import { bookingResponses, familyRatings, favourites } from '../db/schema';
import { evaluateAllForSeed } from '../features/badges';
import { measureResponseTimes, refreshAllStats } from '../features/caregiver-stats';
import type { BookingRow, DemoDataSet } from './rows';

const MINUTE = 60_000;
const ANSWERED = new Set(['confirmed', 'declined', 'completed', 'cancelled']);

interface Ids {
  cid: (email: string) => number;
  uid: (email: string) => number;
  bookingId: (b: BookingRow) => number;
  now: Date;
}

/**
 * What the stats engine and the badge rules read, derived from the generated history, then every
 * caregiver's stats and badges measured by the same engine the live events use, so demo figures are
 * what the rules compute: the caregiver's private rating before each (published) review, the answer to
 * each request, families' favourites (caregivers they gave five stars).
 */
export async function deriveEngagement(tx: Tx, data: DemoDataSet, ids: Ids): Promise<void> {
  const { cid, uid, bookingId, now } = ids;
  const responseMinutes = new Map(data.stats.map((s) => [s.email, s.responseTime]));

  const ratings = data.reviews.map((r) => {
    const b = data.bookings[r.booking];
    const at = new Date(Math.max(b.endsAt.getTime() + MINUTE, r.createdAt.getTime() - 30 * MINUTE));
    return {
      bookingId: bookingId(b),
      caregiverId: cid(b.caregiverEmail),
      familyId: uid(b.familyEmail),
      rating: r.rating >= 4 ? 5 : 4,
      comment: null,
      createdAt: at,
    };
  });
  for (let i = 0; i < ratings.length; i += 500)
    await tx.insert(familyRatings).values(ratings.slice(i, i + 500));

  const answers = data.bookings
    .filter((b) => ANSWERED.has(b.status))
    .map((b) => {
      // A little spread around the caregiver's typical answer time, never after the booking started or now.
      const typical = responseMinutes.get(b.caregiverEmail) ?? 30;
      const spread = ((bookingId(b) * 7919) % 21) - 10;
      const minutes = Math.max(1, Math.round(typical * (1 + spread / 40)));
      const answeredAt = new Date(
        Math.min(b.createdAt.getTime() + minutes * MINUTE, now.getTime() - MINUTE, b.startsAt.getTime()),
      );
      return {
        bookingId: bookingId(b),
        caregiverId: cid(b.caregiverEmail),
        requestedAt: b.createdAt,
        answeredAt: answeredAt.getTime() < b.createdAt.getTime() ? b.createdAt : answeredAt,
      };
    });
  for (let i = 0; i < answers.length; i += 500)
    await tx.insert(bookingResponses).values(answers.slice(i, i + 500));

  const fav = new Map<string, { familyId: number; caregiverId: number; createdAt: Date }>();
  for (const r of data.reviews) {
    if (r.rating !== 5) continue;
    const b = data.bookings[r.booking];
    const key = `${b.familyEmail}|${b.caregiverEmail}`;
    if (!fav.has(key))
      fav.set(key, {
        familyId: uid(b.familyEmail),
        caregiverId: cid(b.caregiverEmail),
        createdAt: r.createdAt,
      });
  }
  const favRows = [...fav.values()];
  for (let i = 0; i < favRows.length; i += 500) await tx.insert(favourites).values(favRows.slice(i, i + 500));

  await refreshAllStats(tx, now);
  await evaluateAllForSeed(tx, now, measureResponseTimes);
}
