/**
 * Estimates of a JMD amount in a payer's own currency, from the rates an admin keeps (ADR 0026). Every
 * charge is in JMD: an estimate is for reading only, always shown with its rate and the rate's date.
 */
import { type Cents, formatJmd } from './money';

/** The currencies a member may read amounts in: JMD (no estimate) and the four a rate is kept for. */
export const MEMBER_CURRENCIES = ['JMD', 'USD', 'GBP', 'CAD', 'EUR'] as const;
export type MemberCurrency = (typeof MEMBER_CURRENCIES)[number];
export const FX_CURRENCIES = ['USD', 'GBP', 'CAD', 'EUR'] as const;
export type FxCurrency = (typeof FX_CURRENCIES)[number];
export const DEFAULT_CURRENCY: MemberCurrency = 'JMD';

export const isFxCurrency = (c: string): c is FxCurrency => (FX_CURRENCIES as readonly string[]).includes(c);

/**
 * What an admin may enter as JMD per unit: the Jamaican dollar has traded between about 80 and 220 per
 * US$, £, C$ and € for a decade; the bounds are wide enough for years of drift and catch a slipped digit
 * (15.72 or 15720 for 157.20) or a rate typed the wrong way round (0.0064).
 */
export const FX_RATE_MIN = 20;
export const FX_RATE_MAX = 2000;
/** The rate has at most four decimals (the numeric(12,4) column). */
export const FX_RATE_DECIMALS = 4;

/** How each currency is written before an amount: never a bare '$'. */
export const CURRENCY_SYMBOL: Record<FxCurrency, string> = {
  USD: 'US$',
  GBP: '£',
  CAD: 'C$',
  EUR: '€',
};

export interface FxRate {
  currency: FxCurrency;
  /** JMD for one unit of the currency, as the API writes it ('157.2000') or a number. */
  jmdPerUnit: string | number;
  /** yyyy-MM-dd: the day the rate is for. */
  rateDate: string;
}

export interface FxEstimate {
  currency: FxCurrency;
  /** The estimate in the currency's cents (pence), rounded half up. */
  amountMinor: number;
  /** 'US$21.40' */
  amountText: string;
  /** '≈ US$21.40 at J$ 157.20 per US$ on 20 Nov 2026 — you are charged J$ 3,360' */
  text: string;
}

const SCALE = 10 ** FX_RATE_DECIMALS;

/** '157.2' → 1572000 (the rate in ten-thousandths), exact for up to four decimals. */
function rateUnits(jmdPerUnit: string | number): number {
  const n = typeof jmdPerUnit === 'number' ? jmdPerUnit : Number(jmdPerUnit);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`Not a rate: ${jmdPerUnit}`);
  return Math.round(n * SCALE);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-11-20' → '20 Nov 2026' (no time zone involved: the date is a calendar day). */
export function formatRateDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 2140 → 'US$21.40'. */
export function formatForeign(currency: FxCurrency, minor: number): string {
  const sign = minor < 0 ? '-' : '';
  return `${sign}${CURRENCY_SYMBOL[currency]}${twoDecimals.format(Math.abs(minor) / 100)}`;
}

/** '157.2' → 'J$ 157.20': a rate is written with its cents (an amount, formatJmd, in whole JMD). */
export function formatRate(jmdPerUnit: string | number): string {
  const units = rateUnits(jmdPerUnit);
  const digits = units % 100 === 0 ? 2 : FX_RATE_DECIMALS;
  const fixed = new Intl.NumberFormat('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return `J$ ${fixed.format(units / SCALE)}`;
}

/**
 * A JMD amount (cents) in another currency at an admin's rate. Rounding: the exact quotient
 * amount ÷ rate, in the currency's cents, rounded half up (away from zero) to a whole cent; computed on
 * integers (the rate scaled by 10⁴), so 3,360.00 JMD at 157.20 is 21.374… → US$21.37, the same on every
 * machine. The text names the rate, its date and the JMD amount actually charged.
 */
export function estimateInCurrency(amountCents: Cents, rate: FxRate): FxEstimate {
  if (!Number.isSafeInteger(amountCents)) throw new Error(`Not an amount in cents: ${amountCents}`);
  const units = rateUnits(rate.jmdPerUnit);
  // round(abs × SCALE / units), half up, on integers: floor((2·abs·SCALE + units) / (2·units)).
  const abs = BigInt(Math.abs(amountCents));
  const u = BigInt(units);
  const minorAbs = Number((2n * abs * BigInt(SCALE) + u) / (2n * u));
  const amountMinor = amountCents < 0 ? -minorAbs : minorAbs;
  const amountText = formatForeign(rate.currency, amountMinor);
  const symbol = CURRENCY_SYMBOL[rate.currency];
  return {
    currency: rate.currency,
    amountMinor,
    amountText,
    text:
      `≈ ${amountText} at ${formatRate(rate.jmdPerUnit)} per ${symbol} on ${formatRateDate(rate.rateDate)}` +
      ` — you are charged ${formatJmd(amountCents)}`,
  };
}
