import { jamaicaToday } from '../../shared/time';
import type { Tx } from '../db/client';
import { fxRates } from '../db/schema';
import { addDays } from './dates';

/**
 * Demo exchange rates (JMD per unit, close to late-2026 market rates; check before relying on them),
 * dated the day before the seed's `now` in Jamaica, as an admin would have entered them that morning.
 */
export const DEMO_FX_RATES = [
  { currency: 'USD', jmdPerUnit: '157.8500' },
  { currency: 'GBP', jmdPerUnit: '209.4000' },
  { currency: 'CAD', jmdPerUnit: '113.6000' },
  { currency: 'EUR', jmdPerUnit: '183.1000' },
] as const;

export async function seedDemoFxRates(tx: Tx, now: Date, adminId: number): Promise<number> {
  const rateDate = addDays(jamaicaToday(now), -1);
  const updatedAt = new Date(`${rateDate}T13:00:00Z`);
  await tx
    .insert(fxRates)
    .values(DEMO_FX_RATES.map((r) => ({ ...r, rateDate, updatedBy: adminId, updatedAt })))
    .onConflictDoNothing();
  return DEMO_FX_RATES.length;
}
