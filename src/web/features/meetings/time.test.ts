import { describe, expect, it } from 'vitest';
import { bookAfterMeetingPath, bookingSuggestion, formatMeetingTime, zonedInstant, zonedParts } from './time';

describe('meeting times', () => {
  it('reads a wall clock in a zone as an instant and back, across daylight saving', () => {
    expect(zonedInstant('2026-12-03', '10:00', 'America/Jamaica')?.toISOString()).toBe(
      '2026-12-03T15:00:00.000Z',
    );
    expect(zonedInstant('2026-12-03', '10:00', 'America/Toronto')?.toISOString()).toBe(
      '2026-12-03T15:00:00.000Z',
    );
    expect(zonedInstant('2026-07-03', '10:00', 'America/Toronto')?.toISOString()).toBe(
      '2026-07-03T14:00:00.000Z',
    );
    expect(zonedInstant('2026-07-03', '10:00', 'Europe/London')?.toISOString()).toBe(
      '2026-07-03T09:00:00.000Z',
    );
    expect(zonedInstant('nope', '10:00', 'America/Jamaica')).toBeUndefined();
    expect(zonedParts(new Date('2026-07-03T14:00:00Z'), 'America/Toronto')).toEqual({
      date: '2026-07-03',
      time: '10:00',
    });
  });

  it('shows the viewer’s time with Jamaica’s beside it only when different', () => {
    expect(formatMeetingTime('2026-12-03T15:00:00Z', 'America/Jamaica')).toBe(
      'Thu, Dec 3 · 10:00 AM Jamaica',
    );
    expect(formatMeetingTime('2026-07-03T14:00:00Z', 'America/Toronto')).toBe(
      'Fri, Jul 3 · 10:00 AM Toronto (9:00 AM Jamaica)',
    );
  });

  it('suggests booking the same weekday and Jamaica hour after today, and carries the care request', () => {
    const now = new Date('2026-12-10T12:00:00Z');
    // The meeting was Thursday 3 Dec at 10:00 Jamaica: next is Thursday 17 Dec (10 Dec is today).
    expect(bookingSuggestion('2026-12-03T15:00:00Z', now)).toEqual({ date: '2026-12-17', start: '10:00 AM' });
    // An evening meeting at 22:30 suggests the form's last start hour.
    expect(bookingSuggestion('2026-12-04T03:30:00Z', now).start).toBe('9:00 PM');
    expect(
      bookAfterMeetingPath({ caregiverId: 11, startsAt: '2026-12-03T15:00:00Z', careRequestId: 4 }, now),
    ).toBe('/caregiver/11?date=2026-12-17&start=10%3A00+AM&careRequest=4&from=meeting');
  });
});
