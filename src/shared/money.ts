/**
 * Money is integer cents of JMD in code; the API shows the spec's numeric strings ('1500.00').
 * The one fee policy: subtotal = rate × hours; platform fee = 5% of the subtotal rounded to a whole JMD;
 * total = subtotal + fee. The caregiver earns the subtotal; the platform keeps the fee.
 */
export const PLATFORM_FEE_PERCENT = 5;

export type Cents = number;

export function toCents(value: string | number): Cents {
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  if (!Number.isFinite(n)) throw new Error(`Not an amount: ${value}`);
  return Math.round(n * 100);
}

/** 150000 → '1500.00', the numeric-string shape of the spec's API answers and of decimal columns. */
export function centsToDecimal(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export interface BookingPrice {
  subtotal: Cents;
  platformFee: Cents;
  total: Cents;
}

export function priceBooking(hourlyRate: Cents, hours: number): BookingPrice {
  const subtotal = Math.round(hourlyRate * hours);
  const platformFee = Math.round((subtotal * PLATFORM_FEE_PERCENT) / 100 / 100) * 100;
  return { subtotal, platformFee, total: subtotal + platformFee };
}

/**
 * The minutes of a visit that are charged (ADR 0032): the time between check-in and check-out rounded to
 * the nearest 15 minutes, never above the booked hours (extra time needs the family's approval, not built)
 * and never below 0.
 */
export function billedMinutes(actualMinutes: number, bookedHours: number): number {
  const rounded = Math.round(Math.max(0, actualMinutes) / 15) * 15;
  return Math.min(rounded, bookedHours * 60);
}

/**
 * 12600 → '12,600': an integer's digits in groups of three, exactly as Intl's en-US and en-JM number formats
 * write them (money.test.ts checks), without an Intl formatter: the first one a page builds costs a phone
 * tens of milliseconds of ICU set-up, and every caregiver card shows a rate and counts. Other numbers go to
 * toLocaleString.
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString('en-US');
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
/**
 * 1260000 → 'J$ 12,600': the one way every screen, e-mail and CSV writes an amount. Always with the
 * currency, never a bare '$' (families paying from abroad would read it as US dollars); whole JMD.
 */
export function formatJmd(cents: Cents): string {
  const whole = Math.round(cents / 100);
  return `${whole < 0 ? '-' : ''}J$ ${groupDigits(Math.abs(whole))}`;
}

/** 500050 → 'J$ 5,000.50': with the cents, where a refund or a receipt must match the card statement. */
export function formatJmdExact(cents: Cents): string {
  const abs = Math.abs(Math.round(cents));
  const c = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}J$ ${groupDigits(Math.floor(abs / 100))}.${c}`;
}
