import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDecimal, priceBooking, toCents } from '../money';
import { bookingCost, cancellationTerms, clock12, clock24, PANEL_DURATIONS, parseClock } from './bookings';

const rate = fc.integer({ min: 1, max: 100_000_00 }); // cents: JMD 0.01 to 100,000 an hour
const hours = fc.oneof(fc.constantFrom(...PANEL_DURATIONS), fc.integer({ min: 1, max: 15 }));

describe('the fee policy, for every rate and duration', () => {
  it('subtotal = rate × hours; fee = 5% rounded to a whole JMD; total = subtotal + fee', () => {
    fc.assert(
      fc.property(rate, hours, (r, h) => {
        const p = priceBooking(r, h);
        expect(p.subtotal).toBe(r * h);
        expect(p.platformFee % 100).toBe(0);
        expect(Math.abs(p.platformFee - p.subtotal * 0.05)).toBeLessThanOrEqual(50);
        expect(p.total).toBe(p.subtotal + p.platformFee);
        expect(Number.isInteger(p.total)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('the profile panel prices exactly as the server does, through the API’s numeric strings', () => {
    fc.assert(
      fc.property(rate, hours, (r, h) => {
        const decimal = centsToDecimal(r);
        expect(toCents(decimal)).toBe(r);
        expect(bookingCost(decimal, h)).toEqual(priceBooking(r, h));
      }),
      { numRuns: 1000 },
    );
  });

  it('cancellation never loses a cent: late fee + refund = total; late fee is 50% of the subtotal', () => {
    const start = new Date('2030-06-01T14:00:00Z');
    fc.assert(
      fc.property(
        rate,
        hours,
        fc.constantFrom('pending', 'confirmed'),
        fc.constantFrom('family' as const, 'caregiver' as const),
        fc.integer({ min: 0, max: 96 * 60 }),
        (r, h, status, by, minutesBefore) => {
          const now = new Date(start.getTime() - minutesBefore * 60_000);
          const terms = cancellationTerms(
            { status, startsAt: start, hourlyRateCents: r, duration: h },
            by,
            now,
          );
          const p = priceBooking(r, h);
          expect(terms.lateFee + terms.refund).toBe(p.total);
          const late = by === 'family' && status === 'confirmed' && minutesBefore < 24 * 60;
          expect(terms.lateFee).toBe(late ? Math.round(p.subtotal / 2) : 0);
          expect(terms.free).toBe(!late);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads both time shapes of docs/product.md#records the same way', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), (h) => {
        const mins = h * 60;
        expect(parseClock(clock24(mins))).toBe(mins);
        expect(parseClock(clock12(clock24(mins)))).toBe(mins);
      }),
    );
    expect(parseClock('9:00 AM')).toBe(540);
    expect(parseClock('12:00 PM')).toBe(720);
    expect(parseClock('12:00 AM')).toBe(0);
    expect(parseClock('13:00 PM')).toBeUndefined();
    expect(parseClock('24:00')).toBeUndefined();
  });
});
