import { asc, sql } from 'drizzle-orm';
import type { FxCurrency } from '../../../shared/fx';
import type { Tx } from '../../db/client';
import { fxRates } from '../../db/schema';

export type FxRateRow = typeof fxRates.$inferSelect;

/** The fx_rates table: one row per currency; every function takes the caller's transaction. */
export const fxRateRepo = {
  async list(tx: Tx): Promise<FxRateRow[]> {
    return tx.select().from(fxRates).orderBy(asc(fxRates.currency));
  },

  /** Sets a currency's rate (a new row, or replacing the one kept). */
  async upsert(
    tx: Tx,
    values: {
      currency: FxCurrency;
      jmdPerUnit: string;
      rateDate: string;
      updatedBy: number;
      updatedAt: Date;
    },
  ): Promise<FxRateRow> {
    const [row] = await tx
      .insert(fxRates)
      .values(values)
      .onConflictDoUpdate({
        target: fxRates.currency,
        set: {
          jmdPerUnit: sql`excluded.jmd_per_unit`,
          rateDate: sql`excluded.rate_date`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning();
    return row;
  },
};
