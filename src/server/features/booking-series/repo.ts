import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { bookingSeries } from '../../db/schema';

export type SeriesRow = typeof bookingSeries.$inferSelect;
type NewSeries = typeof bookingSeries.$inferInsert;

export const seriesRepo = {
  async insert(tx: Tx, values: NewSeries): Promise<SeriesRow> {
    const [row] = await tx.insert(bookingSeries).values(values).returning();
    return row;
  },

  async find(tx: Tx, id: number): Promise<SeriesRow | undefined> {
    const [row] = await tx.select().from(bookingSeries).where(eq(bookingSeries.id, id)).limit(1);
    return row;
  },

  /** The series locked for an answer: two answers to one series run one after the other. */
  async lock(tx: Tx, id: number): Promise<SeriesRow | undefined> {
    const [row] = await tx
      .select()
      .from(bookingSeries)
      .where(eq(bookingSeries.id, id))
      .for('update')
      .limit(1);
    return row;
  },

  async update(tx: Tx, id: number, patch: Partial<NewSeries>): Promise<void> {
    await tx.update(bookingSeries).set(patch).where(eq(bookingSeries.id, id));
  },
};
