import { and, eq, gt, lt } from 'drizzle-orm';
import { expandSeriesDates, type SeriesConflict } from '../../shared/booking-series';
import { VisitLogRequest } from '../../shared/contracts/visits';
import { centsToDecimal, priceBooking, toCents } from '../../shared/money';
import { jamaicaToday } from '../../shared/time';
import type { Tx } from '../db/client';
import { bookingEvents, bookingSeries, bookings, caregivers, visitEntries } from '../db/schema';
import { addDays, HOUR, jamaicaInstant, pad } from './dates';

const MINUTE = 60_000;
/** Gloria's afternoons: Monday, Wednesday and Friday, 3:00–6:00 PM (her 5 o’clock tablets fall inside). */
export const DEMO_SERIES = { weekdays: [1, 3, 5], hour: 15, hours: 3, weeksBack: 3, weeksAhead: 6 } as const;

interface Ids {
  circleId: number;
  coordinator: number;
  payer: number;
  carer: { id: number; rate: string };
}

/** Whether the caregiver has any booking (in any state) overlapping [from, to). */
async function busy(tx: Tx, caregiverId: number, from: Date, to: Date): Promise<boolean> {
  const rows = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.caregiverId, caregiverId), lt(bookings.startsAt, to), gt(bookings.endsAt, from)))
    .limit(1);
  return rows.length > 0;
}

type Event = { from: string | null; to: string; actor: number | null; at: Date };

/**
 * The demo circle's weekly series (issue 19): Gloria's carer on Monday, Wednesday and Friday afternoons, booked
 * by Devon three weeks ago for nine weeks, approved by Simone and accepted. Past visits are completed (the
 * money seed captures them), future ones confirmed (it holds their cards), today's was cancelled days ahead
 * (free); dates the carer already worked are skipped. The most recent visit has a full visit log. Relative
 * to `now`, so it stays right on any date. Run after the circle seed and before the money seed.
 */
export async function seedDemoSeries(tx: Tx, now: Date, ids: Ids): Promise<number> {
  const today = jamaicaToday(now);
  let startDate = addDays(today, -7 * DEMO_SERIES.weeksBack);
  const rule = {
    weekdays: [...DEMO_SERIES.weekdays],
    startDate,
    endDate: addDays(today, 7 * DEMO_SERIES.weeksAhead),
  };
  [startDate] = expandSeriesDates(rule, rule.endDate);
  const createdAt = new Date(jamaicaInstant(startDate, 10).getTime() - 3 * 24 * HOUR);
  const approvedAt = new Date(createdAt.getTime() + 2 * HOUR);
  const confirmedAt = new Date(createdAt.getTime() + 5 * HOUR);
  const notes = 'Afternoons with Mummy: lunch, the 5 o’clock tablets, a short walk if she feels up to it.';
  const [carerUser] = await tx
    .select({ userId: caregivers.userId })
    .from(caregivers)
    .where(eq(caregivers.id, ids.carer.id));

  const skipped: SeriesConflict[] = [];
  const visits: { date: string; startsAt: Date; endsAt: Date }[] = [];
  for (const date of expandSeriesDates({ ...rule, startDate }, rule.endDate)) {
    const startsAt = jamaicaInstant(date, DEMO_SERIES.hour);
    const endsAt = new Date(startsAt.getTime() + DEMO_SERIES.hours * HOUR);
    if (await busy(tx, ids.carer.id, startsAt, endsAt)) skipped.push({ date, reason: 'booked' });
    else visits.push({ date, startsAt, endsAt });
  }
  const [series] = await tx
    .insert(bookingSeries)
    .values({
      familyId: ids.coordinator,
      caregiverId: ids.carer.id,
      circleId: ids.circleId,
      weekdays: [...DEMO_SERIES.weekdays],
      startTime: `${pad(DEMO_SERIES.hour)}:00`,
      hours: DEMO_SERIES.hours,
      startDate,
      endDate: rule.endDate,
      status: 'accepted',
      notes,
      skipped,
      createdAt,
      updatedAt: confirmedAt,
      answeredAt: confirmedAt,
    })
    .returning({ id: bookingSeries.id });

  const price = priceBooking(toCents(ids.carer.rate), DEMO_SERIES.hours);
  let lastDone: { id: number; startsAt: Date; endsAt: Date } | undefined;
  for (const v of visits) {
    const status = v.date < today ? 'completed' : v.date === today ? 'cancelled' : 'confirmed';
    const completedAt = new Date(v.endsAt.getTime() + HOUR);
    const cancelledAt = new Date(v.startsAt.getTime() - 3 * 24 * HOUR);
    const [row] = await tx
      .insert(bookings)
      .values({
        familyId: ids.coordinator,
        caregiverId: ids.carer.id,
        circleId: ids.circleId,
        seriesId: series.id,
        date: v.date,
        startTime: `${pad(DEMO_SERIES.hour)}:00`,
        endTime: `${pad(DEMO_SERIES.hour + DEMO_SERIES.hours)}:00`,
        duration: DEMO_SERIES.hours,
        startsAt: v.startsAt,
        endsAt: v.endsAt,
        hourlyRate: ids.carer.rate,
        platformFee: centsToDecimal(price.platformFee),
        totalCost: centsToDecimal(price.total),
        status,
        notes,
        approvalState: 'approved',
        approvalReason: 'circle_rule',
        approvalBy: ids.payer,
        approvalAt: approvedAt,
        confirmedAt,
        completedAt: status === 'completed' ? completedAt : null,
        cancelledAt: status === 'cancelled' ? cancelledAt : null,
        cancelledBy: status === 'cancelled' ? ids.coordinator : null,
        createdAt,
        updatedAt: status === 'completed' ? completedAt : status === 'cancelled' ? cancelledAt : confirmedAt,
      })
      .returning({ id: bookings.id });
    const events: Event[] = [
      { from: null, to: 'awaiting_approval', actor: ids.coordinator, at: createdAt },
      { from: 'awaiting_approval', to: 'pending', actor: ids.payer, at: approvedAt },
      { from: 'pending', to: 'confirmed', actor: carerUser?.userId ?? null, at: confirmedAt },
    ];
    if (status === 'completed')
      events.push({ from: 'confirmed', to: 'completed', actor: null, at: completedAt });
    if (status === 'cancelled')
      events.push({ from: 'confirmed', to: 'cancelled', actor: ids.coordinator, at: cancelledAt });
    await tx.insert(bookingEvents).values(
      events.map((e) => ({
        bookingId: row.id,
        fromStatus: e.from as never,
        toStatus: e.to as never,
        actorUserId: e.actor,
        at: e.at,
      })),
    );
    if (status === 'completed') lastDone = { id: row.id, startsAt: v.startsAt, endsAt: v.endsAt };
  }
  if (lastDone && carerUser) await seedVisitLog(tx, lastDone, carerUser.userId);
  return series.id;
}

/** What the carer recorded during the most recent visit, as the visit screen would have sent it. */
const LOG: { minute: number; entry: Record<string, unknown> }[] = [
  {
    minute: 40,
    entry: {
      kind: 'meal',
      text: 'Lunch: stewed chicken, rice and peas and steamed callaloo; tea with no sugar. She ate most of it.',
    },
  },
  { minute: 75, entry: { kind: 'vitals', bloodPressure: '132/84', glucose: 7.2, temperature: 36.7 } },
  {
    minute: 95,
    entry: {
      kind: 'activity',
      text: 'A short walk to the gate and back with her cane, then RJR on the radio.',
    },
  },
  {
    minute: 120,
    entry: {
      kind: 'medication',
      name: 'Metformin',
      dose: '500 mg',
      time: '17:00',
      text: 'With a glass of water.',
    },
  },
];

async function seedVisitLog(tx: Tx, visit: { id: number; startsAt: Date; endsAt: Date }, author: number) {
  const at = (ms: number) => new Date(ms);
  const rows: (typeof visitEntries.$inferInsert)[] = [
    {
      bookingId: visit.id,
      kind: 'check_in',
      clientId: `demo-${visit.id}-check-in`,
      authorUserId: author,
      details: {},
      recordedAt: at(visit.startsAt.getTime() - 6 * MINUTE),
      receivedAt: at(visit.startsAt.getTime() - 6 * MINUTE + 2000),
      // Sent live: the server's receipt is the time the rules use (ADR 0040).
      effectiveAt: at(visit.startsAt.getTime() - 6 * MINUTE + 2000),
      // With the carer's consent: only the accuracy is kept, never the position (ADR 0028).
      locationAccuracyM: 18,
    },
  ];
  for (const { minute, entry } of LOG) {
    // Validated by the same contract as the API's log entries.
    const {
      kind,
      clientId: _c,
      recordedAt: _r,
      ...details
    } = VisitLogRequest.parse({
      ...entry,
      clientId: `demo-${visit.id}-${entry.kind}`,
    });
    const t = visit.startsAt.getTime() + minute * MINUTE;
    rows.push({
      bookingId: visit.id,
      kind,
      clientId: `demo-${visit.id}-${kind}`,
      authorUserId: author,
      details,
      recordedAt: at(t),
      receivedAt: at(t + 1500),
      effectiveAt: at(t + 1500),
    });
  }
  rows.push({
    bookingId: visit.id,
    kind: 'check_out',
    clientId: `demo-${visit.id}-check-out`,
    authorUserId: author,
    details: {},
    recordedAt: at(visit.endsAt.getTime() + 3 * MINUTE),
    receivedAt: at(visit.endsAt.getTime() + 3 * MINUTE + 2000),
    effectiveAt: at(visit.endsAt.getTime() + 3 * MINUTE + 2000),
    locationAccuracyM: 15,
  });
  await tx.insert(visitEntries).values(rows);
}
