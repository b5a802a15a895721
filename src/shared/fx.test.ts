import { describe, expect, it } from 'vitest';
import { estimateInCurrency, formatForeign, formatRate, formatRateDate } from './fx';

describe('estimateInCurrency', () => {
  it('divides the JMD amount by the rate, rounding to the nearest cent, and says what is charged', () => {
    const e = estimateInCurrency(336000, { currency: 'USD', jmdPerUnit: '157.2000', rateDate: '2026-11-20' });
    // 3,360 ÷ 157.20 = 21.3740…
    expect(e).toEqual({
      currency: 'USD',
      amountMinor: 2137,
      amountText: 'US$21.37',
      text: '≈ US$21.37 at J$ 157.20 per US$ on 20 Nov 2026 — you are charged J$ 3,360',
    });
  });

  it('rounds half up on exact integers, whatever floating point would make of it', () => {
    // 1.005 × 100 is 100.49999… in floating point; 100.5 JMD cents at J$ 100 per £ is exactly 1.005 pence → 1.
    expect(
      estimateInCurrency(1005, { currency: 'GBP', jmdPerUnit: 100, rateDate: '2026-01-01' }).amountMinor,
    ).toBe(10);
    // J$ 0.50 at J$ 100.00 is exactly half a penny: up.
    expect(
      estimateInCurrency(50, { currency: 'GBP', jmdPerUnit: 100, rateDate: '2026-01-01' }).amountMinor,
    ).toBe(1);
    expect(
      estimateInCurrency(49, { currency: 'GBP', jmdPerUnit: 100, rateDate: '2026-01-01' }).amountMinor,
    ).toBe(0);
    // Four-decimal rates are exact: 1,000,000.00 JMD at 211.1234 per £ = 4736.5… → 4,736.57
    expect(
      estimateInCurrency(100_000_000, { currency: 'GBP', jmdPerUnit: '211.1234', rateDate: '2026-01-01' })
        .amountText,
    ).toBe('£4,736.57');
    expect(
      estimateInCurrency(-315000, { currency: 'EUR', jmdPerUnit: '180', rateDate: '2026-01-01' }).amountText,
    ).toBe('-€17.50');
    expect(
      estimateInCurrency(0, { currency: 'CAD', jmdPerUnit: '114.5', rateDate: '2026-01-01' }).amountText,
    ).toBe('C$0.00');
  });

  it('refuses what is no rate or no amount in cents', () => {
    const rate = { currency: 'USD', jmdPerUnit: '0', rateDate: '2026-01-01' } as const;
    expect(() => estimateInCurrency(100, rate)).toThrow();
    expect(() => estimateInCurrency(1.5, { ...rate, jmdPerUnit: '157' })).toThrow();
    expect(() => estimateInCurrency(100, { ...rate, jmdPerUnit: 'abc' })).toThrow();
  });
});

describe('formatting', () => {
  it('writes rates with their cents, dates as day month year and amounts with the currency symbol', () => {
    expect(formatRate('157.2')).toBe('J$ 157.20');
    expect(formatRate('157.2345')).toBe('J$ 157.2345');
    expect(formatRate(1000)).toBe('J$ 1,000.00');
    expect(formatRateDate('2026-03-01')).toBe('1 Mar 2026');
    expect(formatForeign('USD', 123456)).toBe('US$1,234.56');
    expect(formatForeign('GBP', 5)).toBe('£0.05');
  });
});
