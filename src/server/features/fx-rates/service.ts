import type { z } from 'zod';
import type { FxRateList, FxRateView, UpdateFxRateRequest } from '../../../shared/contracts/fx-rates';
import type { FxCurrency, FxRate } from '../../../shared/fx';
import { jamaicaToday } from '../../../shared/time';
import type { Db, Tx } from '../../db/client';
import { badRequest, forbidden } from '../../errors';
import { type FxRateRow, fxRateRepo } from './repo';

type UpdateInput = z.output<typeof UpdateFxRateRequest>;

/** The earliest day a rate may be for: older ones are no estimate of today's money. */
export const FX_RATE_EARLIEST = '2000-01-01';

const toView = (r: FxRateRow): FxRateView => ({
  currency: r.currency,
  jmdPerUnit: r.jmdPerUnit,
  rateDate: r.rateDate,
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * The exchange rates admins keep (ADR 0026): what every estimate in a payer's currency is computed from.
 * No live feed is reachable from here; one would write through `set` (or the same rows) on a schedule.
 */
export function createFxRateService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async list(): Promise<z.infer<typeof FxRateList>> {
      return { rates: (await fxRateRepo.list(db)).map(toView) };
    },

    /** The rates kept, by currency, for estimates (inside the caller's transaction, or on its own). */
    async rates(tx: Tx = db): Promise<Map<FxCurrency, FxRate>> {
      const rows = await fxRateRepo.list(tx);
      return new Map(
        rows.map((r) => [
          r.currency,
          { currency: r.currency, jmdPerUnit: r.jmdPerUnit, rateDate: r.rateDate },
        ]),
      );
    },

    /** An admin sets a currency's rate; the day must be a real one, not in the future in Jamaica. */
    async set(
      actor: { id: number; userType: string },
      currency: FxCurrency,
      input: UpdateInput,
    ): Promise<FxRateView> {
      if (actor.userType !== 'admin') throw forbidden();
      const today = jamaicaToday(now());
      if (input.rateDate > today) {
        const message = `The rate’s date cannot be after today (${today} in Jamaica).`;
        throw badRequest(message, [{ path: 'rateDate', message }]);
      }
      if (input.rateDate < FX_RATE_EARLIEST) {
        const message = `The rate’s date must be ${FX_RATE_EARLIEST} or later.`;
        throw badRequest(message, [{ path: 'rateDate', message }]);
      }
      const row = await db.transaction((tx) =>
        fxRateRepo.upsert(tx, {
          currency,
          jmdPerUnit: input.jmdPerUnit,
          rateDate: input.rateDate,
          updatedBy: actor.id,
          updatedAt: now(),
        }),
      );
      return toView(row);
    },
  };
}

export type FxRateService = ReturnType<typeof createFxRateService>;
