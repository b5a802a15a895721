import { and, asc, desc, eq, inArray, lt, max } from 'drizzle-orm';
import type { VisitEntry } from '../../../shared/contracts/visits';
import type { Tx } from '../../db/client';
import { visitContacts, visitEntries, visitNoShowNotices } from '../../db/schema';

export type VisitEntryRow = typeof visitEntries.$inferSelect;
export type NewVisitEntry = typeof visitEntries.$inferInsert;

export const toVisitEntry = (r: VisitEntryRow): VisitEntry => ({
  id: r.id,
  bookingId: r.bookingId,
  clientId: r.clientId,
  kind: r.kind,
  details: r.details,
  authorUserId: r.authorUserId,
  recordedAt: r.recordedAt.toISOString(),
  receivedAt: r.receivedAt.toISOString(),
  effectiveAt: r.effectiveAt.toISOString(),
  locationAccuracyM: r.locationAccuracyM,
});

/** The visit log's rows (ADR 0028); every function takes the caller's transaction. */
export const visitRepo = {
  async byClientId(tx: Tx, bookingId: number, clientId: string): Promise<VisitEntryRow | undefined> {
    const [row] = await tx
      .select()
      .from(visitEntries)
      .where(and(eq(visitEntries.bookingId, bookingId), eq(visitEntries.clientId, clientId)))
      .limit(1);
    return row;
  },

  /** The booking's check-in and check-out, if recorded. */
  async checkInOut(tx: Tx, bookingId: number) {
    const rows = await tx
      .select()
      .from(visitEntries)
      .where(
        and(eq(visitEntries.bookingId, bookingId), inArray(visitEntries.kind, ['check_in', 'check_out'])),
      );
    return {
      checkIn: rows.find((r) => r.kind === 'check_in'),
      checkOut: rows.find((r) => r.kind === 'check_out'),
    };
  },

  /** Check-ins and check-outs of many bookings at once (a bookings list's live state). */
  async checkInsOutsOf(tx: Tx, bookingIds: number[]) {
    if (bookingIds.length === 0) return [];
    return tx
      .select({ bookingId: visitEntries.bookingId, kind: visitEntries.kind, at: visitEntries.effectiveAt })
      .from(visitEntries)
      .where(
        and(
          inArray(visitEntries.bookingId, bookingIds),
          inArray(visitEntries.kind, ['check_in', 'check_out', 'incident']),
        ),
      );
  },

  async insert(tx: Tx, values: NewVisitEntry): Promise<VisitEntryRow> {
    const [row] = await tx.insert(visitEntries).values(values).returning();
    return row;
  },

  /** The whole log of a booking, in the order the rules count it (effective time, then as received). */
  async list(tx: Tx, bookingId: number): Promise<VisitEntryRow[]> {
    return tx
      .select()
      .from(visitEntries)
      .where(eq(visitEntries.bookingId, bookingId))
      .orderBy(asc(visitEntries.effectiveAt), asc(visitEntries.id))
      .limit(1000);
  },

  /** The latest effective time in a booking's log. */
  async lastEffective(tx: Tx, bookingId: number): Promise<Date | undefined> {
    const [row] = await tx
      .select({ at: max(visitEntries.effectiveAt) })
      .from(visitEntries)
      .where(eq(visitEntries.bookingId, bookingId));
    return row?.at ?? undefined;
  },

  /** Notes that the server heard from `userId` about the visit at `at` (ADR 0040). */
  async recordContact(tx: Tx, bookingId: number, userId: number, at: Date) {
    await tx.insert(visitContacts).values({ bookingId, userId, at }).onConflictDoNothing();
  },

  /**
   * The latest times the server heard from `userId` about the visit before `before`: their reads of the log
   * and the entries they sent (most recent first, at most `limit` of each).
   */
  async contactsOf(tx: Tx, bookingId: number, userId: number, before: Date, limit = 500): Promise<Date[]> {
    const reads = await tx
      .select({ at: visitContacts.at })
      .from(visitContacts)
      .where(
        and(
          eq(visitContacts.bookingId, bookingId),
          eq(visitContacts.userId, userId),
          lt(visitContacts.at, before),
        ),
      )
      .orderBy(desc(visitContacts.at))
      .limit(limit);
    const writes = await tx
      .select({ at: visitEntries.receivedAt })
      .from(visitEntries)
      .where(
        and(
          eq(visitEntries.bookingId, bookingId),
          eq(visitEntries.authorUserId, userId),
          lt(visitEntries.receivedAt, before),
        ),
      )
      .orderBy(desc(visitEntries.receivedAt))
      .limit(limit);
    return [...reads, ...writes].map((r) => r.at);
  },

  /** The storage key of a booking's photo entry, if there is one. */
  async photoKey(tx: Tx, bookingId: number, entryId: number): Promise<string | undefined> {
    const [row] = await tx
      .select({ key: visitEntries.storageKey })
      .from(visitEntries)
      .where(
        and(
          eq(visitEntries.id, entryId),
          eq(visitEntries.bookingId, bookingId),
          eq(visitEntries.kind, 'photo'),
        ),
      )
      .limit(1);
    return row?.key ?? undefined;
  },

  /** Claims the booking's one no-show notice: true for the first caller only. */
  async claimNoShowNotice(tx: Tx, bookingId: number, at: Date): Promise<boolean> {
    const rows = await tx
      .insert(visitNoShowNotices)
      .values({ bookingId, sentAt: at })
      .onConflictDoNothing()
      .returning({ bookingId: visitNoShowNotices.bookingId });
    return rows.length > 0;
  },
};
