import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookingCounterProposals } from '../../db/schema';

export type CounterProposalRow = typeof bookingCounterProposals.$inferSelect;
type NewCounterProposal = typeof bookingCounterProposals.$inferInsert;

/** Counter-proposals of bookings (ADR 0048), each inside the caller's transaction. */
export const counterRepo = {
  /** The booking's open proposal, locked (the caller holds the booking's lock too). */
  async openFor(tx: Tx, bookingId: number): Promise<CounterProposalRow | undefined> {
    const [row] = await tx
      .select()
      .from(bookingCounterProposals)
      .where(
        and(eq(bookingCounterProposals.bookingId, bookingId), eq(bookingCounterProposals.status, 'open')),
      )
      .for('update')
      .limit(1);
    return row;
  },

  /** The open proposals of these bookings, by booking id (for the views). */
  async openOf(tx: Tx, bookingIds: number[]): Promise<Map<number, CounterProposalRow>> {
    if (bookingIds.length === 0) return new Map();
    const rows = await tx
      .select()
      .from(bookingCounterProposals)
      .where(
        and(
          inArray(bookingCounterProposals.bookingId, bookingIds),
          eq(bookingCounterProposals.status, 'open'),
        ),
      );
    return new Map(rows.map((r) => [r.bookingId, r]));
  },

  async insert(tx: Tx, values: NewCounterProposal): Promise<CounterProposalRow> {
    const [row] = await tx.insert(bookingCounterProposals).values(values).returning();
    return row;
  },

  /** Ends the booking's open proposal (if any) as `status`; returns it. */
  async closeOpen(
    tx: Tx,
    bookingId: number,
    status: 'accepted' | 'declined' | 'replaced' | 'closed',
    at: Date,
    decidedBy: number | null = null,
  ): Promise<CounterProposalRow | undefined> {
    const [row] = await tx
      .update(bookingCounterProposals)
      .set({ status, decidedAt: at, decidedBy })
      .where(
        and(eq(bookingCounterProposals.bookingId, bookingId), eq(bookingCounterProposals.status, 'open')),
      )
      .returning();
    return row;
  },
};
