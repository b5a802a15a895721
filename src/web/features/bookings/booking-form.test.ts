import { describe, expect, it } from 'vitest';
import {
  bookingCost,
  buildBookingRequest,
  DURATIONS,
  durationLabel,
  endTimeFor,
  formatHour,
  isValidBookingDate,
  parseHour,
  START_TIMES,
} from './booking-form';

describe('start times and durations (docs/product.md#constants-and-limits)', () => {
  it('offers 16 hourly start times from 6:00 AM to 9:00 PM', () => {
    expect(START_TIMES).toHaveLength(16);
    expect(START_TIMES[0]).toBe('6:00 AM');
    expect(START_TIMES).toContain('12:00 PM');
    expect(START_TIMES.at(-1)).toBe('9:00 PM');
  });

  it('offers 1, 2, 3, 4, 6, 8 (full day) and 12 hours', () => {
    expect(DURATIONS).toEqual([1, 2, 3, 4, 6, 8, 12]);
    expect(durationLabel(8)).toBe('8 hours (full day)');
    expect(durationLabel(1)).toBe('1 hour');
  });

  it('shows the end time in 12-hour form, past midnight as the next day', () => {
    expect(endTimeFor('9:00 AM', 2)).toEqual({ label: '11:00 AM', nextDay: false });
    expect(endTimeFor('11:00 AM', 1)).toEqual({ label: '12:00 PM', nextDay: false });
    expect(endTimeFor('6:00 AM', 12)).toEqual({ label: '6:00 PM', nextDay: false });
    expect(endTimeFor('9:00 PM', 3)).toEqual({ label: '12:00 AM', nextDay: true });
    expect(endTimeFor('9:00 PM', 12)).toEqual({ label: '9:00 AM', nextDay: true });
    expect(endTimeFor('nonsense', 2)).toBeUndefined();
  });

  it('parses and formats hours both ways', () => {
    for (let h = 0; h < 24; h++) expect(parseHour(formatHour(h))).toBe(h);
  });
});

describe('cost breakdown (the shared fee policy)', () => {
  it.each([
    // rate, hours, subtotal, fee, total — all in JMD
    ['1500.00', 2, 3000, 150, 3150],
    ['1000.00', 8, 8000, 400, 8400],
    ['1250.00', 3, 3750, 188, 3938], // 187.5 rounds to a whole 188
    ['850.50', 1, 850.5, 43, 893.5], // 42.525 → 43
    ['2500', 12, 30000, 1500, 31500],
  ])('JMD %s × %i h', (rate, hours, subtotal, fee, total) => {
    expect(bookingCost(rate, hours)).toEqual({
      subtotal: Math.round(subtotal * 100),
      platformFee: fee * 100,
      total: Math.round(total * 100),
    });
  });
});

describe('the booking request (docs/product.md#records profile panel)', () => {
  const base = {
    caregiverId: 5,
    hourlyRate: '1500.00',
    date: '2031-03-04',
    startTime: '9:00 AM',
    duration: 2,
  };

  it('carries date, times, duration and total; notes trimmed', () => {
    expect(buildBookingRequest({ ...base, notes: '  Two kids, ages 3 and 5  ' })).toEqual({
      caregiverId: 5,
      date: '2031-03-04',
      startTime: '9:00 AM',
      endTime: '11:00 AM',
      duration: 2,
      totalCost: '3150.00',
      notes: 'Two kids, ages 3 and 5',
    });
  });

  it('omits empty notes', () => {
    expect(buildBookingRequest({ ...base, notes: '   ' })).not.toHaveProperty('notes');
  });

  it('accepts today and later, never the past', () => {
    expect(isValidBookingDate('2030-01-02', '2030-01-02')).toBe(true);
    expect(isValidBookingDate('2030-01-03', '2030-01-02')).toBe(true);
    expect(isValidBookingDate('2030-01-01', '2030-01-02')).toBe(false);
    expect(isValidBookingDate('', '2030-01-02')).toBe(false);
  });
});
