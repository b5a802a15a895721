import { FX_CURRENCIES, FX_RATE_DECIMALS, FX_RATE_MAX, FX_RATE_MIN } from '../fx';
import { CalendarDate } from './common';
import { z } from './zod';

/** One kept rate: JMD per unit of the currency, the day it is for, and when an admin last set it. */
export const FxRateView = z.object({
  currency: z.enum(FX_CURRENCIES),
  /** A decimal string with four places, e.g. '157.2000'. */
  jmdPerUnit: z.string(),
  /** yyyy-MM-dd. */
  rateDate: z.string(),
  updatedAt: z.string(),
});
export type FxRateView = z.infer<typeof FxRateView>;

/** Every rate kept (a currency without one is absent: no estimate is shown in it). */
export const FxRateList = z.object({ rates: z.array(FxRateView) });
export type FxRateList = z.infer<typeof FxRateList>;

export const FxCurrencyParam = z.object({
  currency: z
    .string()
    .max(3, 'Use USD, GBP, CAD or EUR')
    .transform((c) => c.toUpperCase())
    .pipe(z.enum(FX_CURRENCIES, { error: 'Use USD, GBP, CAD or EUR' })),
});

const RATE_MESSAGE = `Enter JMD per unit between ${FX_RATE_MIN} and ${FX_RATE_MAX}, with at most ${FX_RATE_DECIMALS} decimals`;

/**
 * An admin's rate: a positive number of JMD per unit within sane bounds (a number or a decimal string),
 * and the day it is for (not in the future: checked on the server against its clock in Jamaica).
 */
export const UpdateFxRateRequest = z.object({
  jmdPerUnit: z
    .union([z.number({ error: RATE_MESSAGE }), z.string({ error: RATE_MESSAGE }).trim()], {
      error: RATE_MESSAGE,
    })
    .transform((v, ctx) => {
      const text = typeof v === 'number' ? String(v) : v;
      const ok = new RegExp(`^\\d{1,4}(\\.\\d{1,${FX_RATE_DECIMALS}})?$`).test(text);
      const n = Number(text);
      if (!ok || !Number.isFinite(n) || n < FX_RATE_MIN || n > FX_RATE_MAX) {
        ctx.addIssue({ code: 'custom', message: RATE_MESSAGE });
        return z.NEVER;
      }
      return n.toFixed(FX_RATE_DECIMALS);
    }),
  rateDate: CalendarDate('Use the rate’s date, like 2026-11-20.'),
});
export type UpdateFxRateRequest = z.input<typeof UpdateFxRateRequest>;
