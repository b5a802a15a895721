import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../../shared/booking-rules';
import { addDays, isoWeekday, SERIES_MESSAGES } from '../../../shared/booking-series';
import {
  buildSeriesRequest,
  conflictText,
  EMPTY_SERIES_DRAFT,
  readConflicts,
  type SeriesDraft,
  seriesSummary,
  validateSeriesDraft,
  weekdaysText,
} from './series-form';

// Tuesday 24 November 2026, 10:00 in Jamaica.
const NOW = new Date('2026-11-24T15:00:00Z');
const TODAY = '2026-11-24';
const MONDAY = '2026-12-07';

const draft = (changes: Partial<SeriesDraft> = {}): SeriesDraft => ({
  ...EMPTY_SERIES_DRAFT,
  weekdays: [5, 1, 3],
  startTime: '8:00 AM',
  hours: 4,
  startDate: MONDAY,
  ends: 'visits',
  visits: '24',
  ...changes,
});

describe('seriesSummary', () => {
  it('Mon/Wed/Fri 8:00 AM, 4 h, 8 weeks: 24 visits priced by the shared fee policy', () => {
    const s = seriesSummary(draft(), '1000.00', TODAY);
    expect(s?.dates).toHaveLength(24);
    expect(s?.dates[0]).toBe(MONDAY);
    expect(s?.dates.at(-1)).toBe(addDays(MONDAY, 7 * 7 + 4));
    expect(s?.dates.every((d) => [1, 3, 5].includes(isoWeekday(d)))).toBe(true);
    // 4 h × J$1,000 + 5% fee = J$4,200 a visit.
    expect(s?.perVisit).toBe(420_000);
    expect(s?.total).toBe(24 * 420_000);
    expect(s?.text).toMatch(
      /^Mon, Wed, Fri at 8:00 AM, 4 h, 24 visits, J\$\s?100,800 in all, paid visit by visit$/,
    );
  });

  it('an end date gives the visits up to it, inclusive', () => {
    const s = seriesSummary(draft({ ends: 'date', endDate: addDays(MONDAY, 13) }), '1000.00', TODAY);
    expect(s?.dates).toHaveLength(6);
    expect(s?.text).toContain('6 visits');
  });

  it('says nothing until weekdays, a time, a first date and an end are there', () => {
    expect(seriesSummary(draft({ weekdays: [] }), '1000', TODAY)).toBeUndefined();
    expect(seriesSummary(draft({ startTime: '' }), '1000', TODAY)).toBeUndefined();
    expect(seriesSummary(draft({ startDate: '' }), '1000', TODAY)).toBeUndefined();
    expect(seriesSummary(draft({ visits: '' }), '1000', TODAY)).toBeUndefined();
    expect(seriesSummary(draft({ ends: 'date', endDate: '' }), '1000', TODAY)).toBeUndefined();
  });

  it('one visit reads "1 visit"', () => {
    expect(seriesSummary(draft({ visits: '1' }), '1000', TODAY)?.text).toContain(', 1 visit, ');
  });
});

describe('validateSeriesDraft', () => {
  it('accepts a good draft', () => {
    expect(validateSeriesDraft(draft(), NOW, TODAY)).toEqual({});
  });

  it('names every missing field', () => {
    const errors = validateSeriesDraft({ ...EMPTY_SERIES_DRAFT }, NOW, TODAY);
    expect(errors).toMatchObject({
      weekdays: 'Choose at least one weekday.',
      startTime: 'Choose a start time.',
      startDate: 'Choose the first date.',
      visits: 'Give the number of visits.',
    });
    expect(validateSeriesDraft(draft({ ends: 'date', endDate: '' }), NOW, TODAY)).toEqual({
      endDate: 'Choose the last date.',
    });
  });

  it('uses the shared schema: whole numbers of visits, an end not before the start', () => {
    expect(validateSeriesDraft(draft({ visits: '2.5' }), NOW, TODAY).visits).toBe(
      'visits must be a whole number',
    );
    expect(validateSeriesDraft(draft({ visits: '0' }), NOW, TODAY).visits).toBe('At least one visit.');
    expect(validateSeriesDraft(draft({ ends: 'date', endDate: addDays(MONDAY, -1) }), NOW, TODAY)).toEqual({
      endDate: SERIES_MESSAGES.endBeforeStart,
    });
  });

  it('keeps a series within 26 weeks of today and its first date not past', () => {
    expect(validateSeriesDraft(draft({ startDate: '2026-11-01' }), NOW, TODAY)).toEqual({
      startDate: BOOKING_MESSAGES.pastDate,
    });
    expect(validateSeriesDraft(draft({ startDate: addDays(TODAY, 183) }), NOW, TODAY)).toEqual({
      startDate: SERIES_MESSAGES.tooFar,
    });
    expect(validateSeriesDraft(draft({ ends: 'date', endDate: addDays(TODAY, 183) }), NOW, TODAY)).toEqual({
      endDate: SERIES_MESSAGES.tooFar,
    });
    // 26 weeks from 7 December hold 75 Mon/Wed/Fri visits at most: 80 reach too far.
    expect(validateSeriesDraft(draft({ visits: '80' }), NOW, TODAY)).toEqual({
      visits: SERIES_MESSAGES.tooFar,
    });
  });

  it('refuses a rule with no visit, and a first visit already started (Jamaica clock)', () => {
    // Sundays only, from a Monday to the Saturday after.
    expect(
      validateSeriesDraft(draft({ weekdays: [7], ends: 'date', endDate: addDays(MONDAY, 5) }), NOW, TODAY),
    ).toEqual({ weekdays: SERIES_MESSAGES.noVisits });
    // Today is a Tuesday, 10:00 in Jamaica: 8:00 AM today has passed.
    expect(validateSeriesDraft(draft({ weekdays: [2], startDate: TODAY }), NOW, TODAY)).toEqual({
      startTime: BOOKING_MESSAGES.startPassed,
    });
  });
});

describe('buildSeriesRequest', () => {
  it('sends the chosen end only, sorted weekdays, skipConflicts and notes only when set', () => {
    expect(buildSeriesRequest(draft(), 5)).toEqual({
      caregiverId: 5,
      weekdays: [1, 3, 5],
      startTime: '8:00 AM',
      hours: 4,
      startDate: MONDAY,
      visits: 24,
    });
    expect(
      buildSeriesRequest(draft({ ends: 'date', endDate: '2027-01-29', notes: '  Nap at 1 ' }), 5, 3, true),
    ).toEqual({
      caregiverId: 5,
      circleId: 3,
      weekdays: [1, 3, 5],
      startTime: '8:00 AM',
      hours: 4,
      startDate: MONDAY,
      endDate: '2027-01-29',
      skipConflicts: true,
      notes: 'Nap at 1',
    });
  });
});

describe('conflicts', () => {
  it('reads the conflicts of a 409 body, ignoring anything malformed', () => {
    expect(
      readConflicts({
        code: 'SERIES_CONFLICTS',
        conflicts: [{ date: '2026-12-09', reason: 'booked' }, { date: 5 }, null, 'x'],
      }),
    ).toEqual([{ date: '2026-12-09', reason: 'booked' }]);
    expect(readConflicts({ code: 'SERIES_CONFLICTS' })).toEqual([]);
    expect(readConflicts(undefined)).toEqual([]);
  });

  it('says each clash readably, with why', () => {
    expect(conflictText({ date: '2026-12-09', reason: 'booked' })).toBe(
      'Wednesday, 9 December 2026: the caregiver already has another booking then',
    );
  });

  it('weekdays in week order', () => {
    expect(weekdaysText([7, 1, 3])).toBe('Mon, Wed, Sun');
  });
});
