import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type Cents, toCents } from '../../../shared/money';
import type { Tx } from '../../db/client';
import { bookings, caregivers, ledgerEntries, payments, users } from '../../db/schema';
import type { BookingStatus } from './events';

/** A care circle's booking as its monthly statement lists it (amounts in JMD cents). */
export interface CircleStatementRow {
  bookingId: number;
  /** yyyy-MM-dd and HH:mm, in Jamaica. */
  date: string;
  startTime: string;
  endTime: string;
  startsAt: Date;
  hours: number;
  caregiverName: string;
  hourlyRate: Cents;
  /** What the booking costs (rate × hours), the service fee and their total, as priced when booked. */
  subtotal: Cents;
  platformFee: Cents;
  total: Cents;
  status: BookingStatus;
  /** A late cancellation's fee paid to the caregiver (cents); 0 for any other booking. */
  lateCancellationFee: Cents;
  /** The payment that stands for it (the latest that is not a declined attempt), or null. */
  paymentStatus: string | null;
  paymentMethod: string | null;
}

/** The statuses a statement counts as they are; a cancelled booking counts only with a late fee. */
const COUNTED: BookingStatus[] = ['pending', 'confirmed', 'completed'];

/** What a late cancellation cost: the ledger holds it (settlement posts it, whatever the payment's state). */
const lateFeeOf = () =>
  sql<string>`(select coalesce(sum(${ledgerEntries.amount}), 0) from ${ledgerEntries} where ${ledgerEntries.bookingId} = ${bookings.id} and ${ledgerEntries.kind} = 'late_cancellation_fee' and ${ledgerEntries.account} = 'caregiver_payable')`;

/** The instants a Jamaica calendar month ('2026-11') runs between (UTC−5 all year, no daylight saving). */
function jamaicaMonthRange(month: string): [Date, Date] {
  const [y, m] = month.split('-').map(Number);
  return [new Date(Date.UTC(y, m - 1, 1, 5)), new Date(Date.UTC(y, m, 1, 5))];
}

/**
 * Starting in the Jamaica month (its date there: the start instant is what the circle index orders by),
 * approved or needing no approval, and in a counted state.
 */
const counted = (month: string, lateFee: SQL) =>
  and(
    gte(bookings.startsAt, jamaicaMonthRange(month)[0]),
    lt(bookings.startsAt, jamaicaMonthRange(month)[1]),
    or(isNull(bookings.approvalState), eq(bookings.approvalState, 'approved')),
    or(inArray(bookings.status, COUNTED), and(eq(bookings.status, 'cancelled'), sql`${lateFee} > 0`)),
  ) as SQL;

/** The circles with at least one counted booking in a Jamaica month ('2026-11'): those that get a statement. */
export async function circlesWithStatementRows(tx: Tx, month: string): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ id: bookings.circleId })
    .from(bookings)
    .where(and(isNotNull(bookings.circleId), counted(month, lateFeeOf())))
    .orderBy(asc(bookings.circleId));
  return rows.map((r) => r.id).filter((id): id is number => id !== null);
}

/**
 * A circle's bookings in a Jamaica calendar month ('2026-11': the booking's date in Jamaica), for its
 * statement: those that needed no approval or were approved, and are requested of the caregiver, confirmed,
 * completed, or cancelled late with a fee; in start order. Never the awaiting, declined or expired ones.
 */
export async function circleStatementRows(
  tx: Tx,
  circleId: number,
  month: string,
): Promise<CircleStatementRow[]> {
  const lateFee = lateFeeOf();
  const rows = await tx
    .select({
      b: {
        id: bookings.id,
        date: bookings.date,
        startTime: bookings.startTime,
        endTime: bookings.endTime,
        startsAt: bookings.startsAt,
        duration: bookings.duration,
        hourlyRate: bookings.hourlyRate,
        platformFee: bookings.platformFee,
        totalCost: bookings.totalCost,
        status: bookings.status,
      },
      firstName: users.firstName,
      lastName: users.lastName,
      lateFee,
    })
    .from(bookings)
    .innerJoin(caregivers, eq(caregivers.id, bookings.caregiverId))
    .innerJoin(users, eq(users.id, caregivers.userId))
    .where(and(eq(bookings.circleId, circleId), counted(month, lateFee)))
    .orderBy(asc(bookings.startsAt), asc(bookings.id));

  const ids = rows.map((r) => r.b.id);
  const pays = ids.length
    ? await tx
        .select({
          bookingId: payments.bookingId,
          status: payments.status,
          method: payments.method,
        })
        .from(payments)
        .where(inArray(payments.bookingId, ids))
        .orderBy(asc(payments.createdAt), asc(payments.id))
    : [];
  // As the booking views pick it: the latest payment that is not a declined attempt (or the latest attempt).
  const paymentOf = new Map<number, (typeof pays)[number]>();
  for (const p of pays) {
    const current = paymentOf.get(p.bookingId);
    if (!current || p.status !== 'declined' || current.status === 'declined') paymentOf.set(p.bookingId, p);
  }

  return rows.map(({ b, firstName, lastName, lateFee: fee }) => {
    const total = toCents(b.totalCost);
    const platformFee = toCents(b.platformFee);
    const payment = paymentOf.get(b.id);
    return {
      bookingId: b.id,
      date: b.date,
      startTime: b.startTime,
      endTime: b.endTime,
      startsAt: b.startsAt,
      hours: b.duration,
      caregiverName: `${firstName} ${lastName}`.trim(),
      hourlyRate: toCents(b.hourlyRate),
      subtotal: total - platformFee,
      platformFee,
      total,
      status: b.status,
      lateCancellationFee: b.status === 'cancelled' ? toCents(fee) : 0,
      paymentStatus: payment?.status ?? null,
      paymentMethod: payment?.method ?? null,
    };
  });
}
