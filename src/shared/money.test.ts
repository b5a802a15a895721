import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDecimal, formatJmd, groupDigits, priceBooking, toCents } from './money';

describe('the fee policy', () => {
  it('charges 5% of the subtotal rounded to a whole JMD on top of rate × hours', () => {
    expect(priceBooking(toCents(1500), 2)).toEqual({ subtotal: 300000, platformFee: 15000, total: 315000 });
    // 5% of 1,230 is 61.5 → 62
    expect(priceBooking(toCents(615), 2)).toEqual({ subtotal: 123000, platformFee: 6200, total: 129200 });
    // 5% of 1,229 is 61.45 → 61
    expect(priceBooking(toCents(1229), 1).platformFee).toBe(6100);
  });

  it('keeps every amount in whole cents and the fee in whole JMD for every rate and duration', () => {
    for (let rate = 100; rate <= 5000; rate += 37) {
      for (const hours of [1, 2, 3, 4, 6, 8, 12]) {
        const p = priceBooking(toCents(rate), hours);
        expect(p.platformFee % 100).toBe(0);
        expect(p.total).toBe(p.subtotal + p.platformFee);
        expect(Math.abs(p.platformFee - p.subtotal * 0.05)).toBeLessThanOrEqual(50);
      }
    }
  });

  it('writes cents as the spec numeric strings', () => {
    expect(centsToDecimal(150000)).toBe('1500.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(toCents('1500.50')).toBe(150050);
  });
});

describe('formatJmd', () => {
  it('always names the currency (J$), in whole JMD with thousands separators', () => {
    expect(formatJmd(1260000)).toBe('J$ 12,600');
    expect(formatJmd(12500)).toBe('J$ 125');
    expect(formatJmd(0)).toBe('J$ 0');
    expect(formatJmd(-315000)).toBe('-J$ 3,150');
    expect(formatJmd(toCents('1234567.50'))).toBe('J$ 1,234,568');
  });
});

describe('groupDigits', () => {
  it('writes integers as the en-US and en-JM Intl formats do', () => {
    const enUs = new Intl.NumberFormat('en-US');
    const enJm = new Intl.NumberFormat('en-JM', { maximumFractionDigits: 0 });
    for (const n of [
      0,
      1,
      12,
      999,
      1000,
      12600,
      100000,
      1234567,
      -1,
      -1000,
      -1234567,
      Number.MAX_SAFE_INTEGER,
    ]) {
      expect(groupDigits(n), String(n)).toBe(enUs.format(n));
      expect(groupDigits(n), String(n)).toBe(enJm.format(n));
    }
    fc.assert(
      fc.property(
        fc.maxSafeInteger(),
        (n) => groupDigits(n) === enUs.format(n) && groupDigits(n) === enJm.format(n),
      ),
    );
  });

  it('leaves other numbers to toLocaleString', () => {
    for (const n of [1.5, 1234.5678, -0, Number.NaN, Number.POSITIVE_INFINITY, 1e21])
      expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
  });
});
