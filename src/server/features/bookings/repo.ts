import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  notExists,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BACKUP_RULES } from '../../../shared/contracts/backups';
import { LIVE_PAYMENT_STATUSES } from '../../../shared/payment-status';
import type { Tx } from '../../db/client';
import {
  bookingEvents,
  bookings,
  caregivers,
  paymentRefunds,
  payments,
  reviews,
  tips,
  users,
} from '../../db/schema';
import { counterRepo } from './counter-repo';
import type { BookingRow, BookingStatus } from './events';

export type NewBooking = typeof bookings.$inferInsert;
type PaymentRowStatus = (typeof payments.$inferSelect)['status'];

const familyUser = alias(users, 'family_user');
const caregiverUser = alias(users, 'caregiver_user');
const approverUser = alias(users, 'approver_user');

/** PostgreSQL's exclusion_violation (23P01), from pg or PGlite, optionally for one constraint. */
export function isExclusionViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: unknown };
  if (e?.code === '23P01') return constraint ? e.constraint === constraint || !e.constraint : true;
  return e?.cause ? isExclusionViolation(e.cause, constraint) : false;
}

export type BookingJoined = Awaited<ReturnType<typeof bookingRepo.listJoined>>[number];

/** A circle booking that never reached the caregiver (awaiting, or declined by a payer) is not theirs to see. */
export const caregiverSees = (b: Pick<BookingRow, 'approvalState'>) =>
  b.approvalState === null || b.approvalState === 'approved';
export const caregiverSeesSql = () =>
  or(isNull(bookings.approvalState), eq(bookings.approvalState, 'approved')) as SQL;

/** The statuses whose cost counts against a circle's month (a payer's cap). */
const COMMITTED: BookingStatus[] = ['awaiting_approval', 'pending', 'confirmed', 'completed'];

/** A status change of a booking, as booking_events records it. */
interface NewBookingEvent {
  bookingId: number;
  from: BookingStatus | null;
  to: BookingStatus;
  actorUserId: number | null;
  at: Date;
}

export const bookingRepo = {
  /** The caregiver taking a booking, with the owner's account state (overlaps are refused by the exclusion constraint). */
  async caregiverForBooking(tx: Tx, caregiverId: number) {
    const [row] = await tx
      .select({
        id: caregivers.id,
        userId: caregivers.userId,
        hourlyRate: caregivers.hourlyRate,
        isActive: caregivers.isActive,
        isAvailable: caregivers.isAvailable,
        suspendedAt: users.suspendedAt,
        firstName: users.firstName,
      })
      .from(caregivers)
      .innerJoin(users, eq(users.id, caregivers.userId))
      .where(eq(caregivers.id, caregiverId))
      .limit(1);
    return row;
  },

  async caregiverIdOfUser(tx: Tx, userId: number): Promise<number | undefined> {
    const [row] = await tx
      .select({ id: caregivers.id })
      .from(caregivers)
      .where(eq(caregivers.userId, userId))
      .limit(1);
    return row?.id;
  },

  /** Who cancelled a booking: its caregiver, or the family side (the family, or a circle's coordinator). */
  async cancelledBySide(
    tx: Tx,
    b: Pick<BookingRow, 'cancelledBy' | 'caregiverId'>,
  ): Promise<'family' | 'caregiver'> {
    if (b.cancelledBy === null) return 'family';
    return (await bookingRepo.caregiverIdOfUser(tx, b.cancelledBy)) === b.caregiverId
      ? 'caregiver'
      : 'family';
  },

  async insert(tx: Tx, values: NewBooking): Promise<BookingRow> {
    const [row] = await tx.insert(bookings).values(values).returning();
    return row;
  },

  /** Many rows in one INSERT (a series' visits). */
  async insertMany(tx: Tx, values: NewBooking[]): Promise<BookingRow[]> {
    return values.length ? tx.insert(bookings).values(values).returning() : [];
  },

  async lock(tx: Tx, id: number): Promise<BookingRow | undefined> {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update').limit(1);
    return row;
  },

  async find(tx: Tx, id: number): Promise<BookingRow | undefined> {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).limit(1);
    return row;
  },

  /** Moves a booking from one of `from` to `to` with the given fields; undefined when its status moved on. */
  async transition(
    tx: Tx,
    id: number,
    from: readonly BookingStatus[],
    patch: Partial<NewBooking> & { status: BookingStatus },
  ): Promise<BookingRow | undefined> {
    const [row] = await tx
      .update(bookings)
      .set({ ...patch, updatedAt: patch.updatedAt ?? new Date() })
      .where(and(eq(bookings.id, id), inArray(bookings.status, [...from])))
      .returning();
    return row;
  },

  async addEvent(tx: Tx, e: NewBookingEvent): Promise<void> {
    await bookingRepo.addEvents(tx, [e]);
  },

  /** Many events in one INSERT (a series' creation). */
  async addEvents(tx: Tx, es: NewBookingEvent[]): Promise<void> {
    if (!es.length) return;
    await tx.insert(bookingEvents).values(
      es.map((e) => ({
        bookingId: e.bookingId,
        fromStatus: e.from,
        toStatus: e.to,
        actorUserId: e.actorUserId,
        at: e.at,
      })),
    );
  },

  async events(tx: Tx, bookingId: number) {
    return tx
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, bookingId))
      .orderBy(asc(bookingEvents.at), asc(bookingEvents.id));
  },

  /** Bookings with both people and the caregiver's kinds, newest start first (or as asked). */
  async listJoined(tx: Tx, where: SQL | undefined, opts: { limit?: number; order?: 'asc' | 'desc' } = {}) {
    const rows = await tx
      .select({
        b: bookings,
        cg: { id: caregivers.id, userId: caregivers.userId, kinds: caregivers.kinds },
        cu: {
          firstName: caregiverUser.firstName,
          lastName: caregiverUser.lastName,
          profileImageUrl: caregiverUser.profileImageUrl,
          location: caregiverUser.location,
          email: caregiverUser.email,
        },
        fu: {
          id: familyUser.id,
          firstName: familyUser.firstName,
          lastName: familyUser.lastName,
          profileImageUrl: familyUser.profileImageUrl,
          location: familyUser.location,
          phone: familyUser.phone,
          email: familyUser.email,
          timeZone: familyUser.timeZone,
        },
        approverFirstName: approverUser.firstName,
      })
      .from(bookings)
      .innerJoin(caregivers, eq(caregivers.id, bookings.caregiverId))
      .innerJoin(caregiverUser, eq(caregiverUser.id, caregivers.userId))
      .innerJoin(familyUser, eq(familyUser.id, bookings.familyId))
      .leftJoin(approverUser, eq(approverUser.id, bookings.approvalBy))
      .where(where)
      .orderBy(
        opts.order === 'asc' ? asc(bookings.startsAt) : desc(bookings.startsAt),
        opts.order === 'asc' ? asc(bookings.id) : desc(bookings.id),
      )
      .limit(opts.limit ?? 200);
    const ids = rows.map((r) => r.b.id);
    const pays = ids.length
      ? await tx
          .select()
          .from(payments)
          .where(inArray(payments.bookingId, ids))
          .orderBy(asc(payments.createdAt), asc(payments.id))
      : [];
    // The payment shown: the latest that is not a declined attempt (or the latest attempt).
    const paymentOf = new Map<number, (typeof pays)[number]>();
    for (const p of pays) {
      const current = paymentOf.get(p.bookingId);
      if (!current || p.status !== 'declined' || current.status === 'declined') paymentOf.set(p.bookingId, p);
    }
    // The family's review of a completed booking (one per booking): 'Leave a review' only where none is.
    const completed = rows.filter((r) => r.b.status === 'completed').map((r) => r.b.id);
    const reviewed = new Set(
      completed.length
        ? (
            await tx
              .select({ id: reviews.bookingId })
              .from(reviews)
              .where(inArray(reviews.bookingId, completed))
          ).map((r) => r.id)
        : [],
    );
    // The tip given after a completed visit (ADR 0051): at most one per booking.
    const tipOf = new Map(
      (completed.length
        ? await tx
            .select({ bookingId: tips.bookingId, amount: tips.amount, createdAt: tips.createdAt })
            .from(tips)
            .where(inArray(tips.bookingId, completed))
        : []
      ).map((t) => [t.bookingId, { amount: t.amount, at: t.createdAt }]),
    );
    // What went back of the payment shown (ADR 0054): the refunds the settlement recorded, oldest first.
    const shownIds = [...paymentOf.values()].map((p) => p.id);
    const refundRows = shownIds.length
      ? await tx
          .select()
          .from(paymentRefunds)
          .where(inArray(paymentRefunds.paymentId, shownIds))
          .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id))
      : [];
    const refundsOf = new Map<number, (typeof refundRows)[number][]>();
    for (const r of refundRows) refundsOf.set(r.bookingId, [...(refundsOf.get(r.bookingId) ?? []), r]);
    // A caregiver's open proposal of another time for a pending request (ADR 0048).
    const counters = await counterRepo.openOf(
      tx,
      rows.filter((r) => r.b.status === 'pending').map((r) => r.b.id),
    );
    return rows.map((r) => ({
      ...r,
      payment: paymentOf.get(r.b.id) ?? null,
      reviewed: reviewed.has(r.b.id),
      counter: counters.get(r.b.id) ?? null,
      tip: tipOf.get(r.b.id) ?? null,
      refunds: refundsOf.get(r.b.id) ?? [],
    }));
  },

  async getJoined(tx: Tx, id: number) {
    const [row] = await bookingRepo.listJoined(tx, eq(bookings.id, id), { limit: 1 });
    return row;
  },

  /**
   * Requests unanswered for `expiryHours` or whose start has come: a pending one counts from its move to
   * another time, its approval (a circle's) or its creation, one awaiting a payer's approval from its creation.
   */
  async dueForExpiry(tx: Tx, now: Date, expiryHours: number, limit: number): Promise<number[]> {
    const cutoff = new Date(now.getTime() - expiryHours * 3_600_000);
    const answerFrom = sql`coalesce(${bookings.rescheduledAt}, ${bookings.approvalAt}, ${bookings.createdAt})`;
    const rows = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          inArray(bookings.status, ['pending', 'awaiting_approval']),
          or(
            lte(answerFrom, cutoff),
            and(isNull(bookings.rebookedFrom), lte(bookings.startsAt, now)),
            // A backup request (ADR 0034): a short window, and until its end rather than its start.
            and(
              isNotNull(bookings.rebookedFrom),
              or(
                lte(answerFrom, new Date(now.getTime() - BACKUP_RULES.answerWithinMs)),
                lte(bookings.endsAt, now),
              ),
            ),
          ),
        ),
      )
      .orderBy(asc(bookings.id))
      .limit(limit);
    return rows.map((r) => r.id);
  },

  async dueForCompletion(tx: Tx, now: Date, afterHours: number, limit: number): Promise<number[]> {
    const cutoff = new Date(now.getTime() - afterHours * 3_600_000);
    const rows = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.status, 'confirmed'), lte(bookings.endsAt, cutoff)))
      .orderBy(asc(bookings.id))
      .limit(limit);
    return rows.map((r) => r.id);
  },

  /** What a circle's bookings on a Jamaica month ('2026-11') cost, in cents, excluding ended ones. */
  async circleMonthCents(tx: Tx, circleId: number, month: string): Promise<number> {
    const [row] = await tx
      .select({ cents: sql<string>`coalesce(sum(${bookings.totalCost}), 0) * 100` })
      .from(bookings)
      .where(
        and(
          eq(bookings.circleId, circleId),
          inArray(bookings.status, COMMITTED),
          sql`${bookings.date} like ${`${month}-%`}`,
        ),
      );
    return Math.round(Number(row?.cents ?? 0));
  },

  /** The caregiver's pending and confirmed bookings overlapping [from, to): the time they hold. */
  async heldBetween(tx: Tx, caregiverId: number, from: Date, to: Date) {
    return tx
      .select({ id: bookings.id, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
      .from(bookings)
      .where(
        and(
          eq(bookings.caregiverId, caregiverId),
          inArray(bookings.status, ['pending', 'confirmed']),
          lt(bookings.startsAt, to),
          gt(bookings.endsAt, from),
        ),
      )
      .orderBy(asc(bookings.startsAt));
  },

  /** The visits of a recurring booking, first first. */
  async ofSeries(tx: Tx, seriesId: number): Promise<BookingRow[]> {
    return tx
      .select()
      .from(bookings)
      .where(eq(bookings.seriesId, seriesId))
      .orderBy(asc(bookings.startsAt), asc(bookings.id));
  },

  /** A circle's bookings that count and what stands unpaid among them (no live payment). */
  async circleBookingCounts(tx: Tx, circleId: number): Promise<{ total: number; unpaid: number }> {
    const live = tx
      .select({ one: sql`1` })
      .from(payments)
      .where(
        and(
          eq(payments.bookingId, bookings.id),
          inArray(payments.status, LIVE_PAYMENT_STATUSES as PaymentRowStatus[]),
        ),
      );
    const [row] = await tx
      .select({
        total: sql<number>`count(*)::int`,
        unpaid: sql<number>`(count(*) filter (where ${and(inArray(bookings.status, COMMITTED), notExists(live))}))::int`,
      })
      .from(bookings)
      .where(eq(bookings.circleId, circleId));
    return { total: Number(row?.total ?? 0), unpaid: Number(row?.unpaid ?? 0) };
  },

  /** Locks a booking for a job; undefined if another transaction holds it (it is being changed). */
  async lockSkipLocked(tx: Tx, id: number): Promise<BookingRow | undefined> {
    const rows = await tx.execute<{ id: number }>(
      sql`select id from bookings where id = ${id} for update skip locked`,
    );
    const list =
      (rows as unknown as { rows?: { id: number }[] }).rows ?? (rows as unknown as { id: number }[]);
    if (!list.length) return undefined;
    return bookingRepo.find(tx, id);
  },
};
