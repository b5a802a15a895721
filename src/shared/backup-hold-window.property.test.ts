import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backupHoldUntil, HOLD_WINDOW } from './backup-hold-window';
import { isQuiet } from './quiet-hours';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The window's end (ISO) for a cancellation and a start given in ISO. */
const until = (cancelled: string, starts: string, timeZone?: string) =>
  backupHoldUntil({ cancelledAt: new Date(cancelled), startsAt: new Date(starts), timeZone }).toISOString();

describe('backupHoldUntil: examples', () => {
  it('2 AM Jamaica, a visit 20 days away: 9:00 the next morning (a day on would be 2 AM)', () => {
    expect(until('2026-06-02T07:00:00Z', '2026-06-22T14:00:00Z')).toBe('2026-06-03T14:00:00.000Z');
  });

  it('a visit far ahead, cancelled at 10 AM: a day', () => {
    expect(until('2026-06-02T15:00:00Z', '2026-06-12T14:00:00Z')).toBe('2026-06-03T15:00:00.000Z');
  });

  it('a visit tomorrow afternoon: 12 hours before it is 4 AM, so 9:00 (under the start − 2 h)', () => {
    expect(until('2026-06-02T15:00:00Z', '2026-06-03T21:00:00Z')).toBe('2026-06-03T14:00:00.000Z');
  });

  it('a visit soon keeps the 3 hours, even past the start', () => {
    expect(until('2026-06-02T15:00:00Z', '2026-06-02T17:00:00Z')).toBe('2026-06-02T18:00:00.000Z');
  });

  it('the night is the family’s own (London); an unknown zone is Jamaica', () => {
    // 20:30 London (BST): 3 h ends 23:30 London → 9:00 London = 08:00Z.
    expect(until('2026-06-02T19:30:00Z', '2026-06-03T20:00:00Z', 'Europe/London')).toBe(
      '2026-06-03T08:00:00.000Z',
    );
    expect(until('2026-06-02T07:00:00Z', '2026-06-22T14:00:00Z', 'Mars/Base')).toBe(
      '2026-06-03T14:00:00.000Z',
    );
  });
});

describe('backupHoldUntil: properties', () => {
  const input = fc.record({
    cancelled: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 0, 1) }),
    ahead: fc.integer({ min: -2 * HOUR, max: 30 * DAY }),
    timeZone: fc.constantFrom(
      'America/Jamaica',
      'America/Toronto',
      'America/New_York',
      'Europe/London',
      'Asia/Kolkata',
    ),
  });
  /** Checks `ok` against every generated case: the end, its floor (3 h) and its cap (start − margin). */
  const holds = (ok: (c: { end: number; floor: number; cap: number; timeZone: string }) => boolean) =>
    fc.assert(
      fc.property(input, ({ cancelled, ahead, timeZone }) => {
        const end = backupHoldUntil({
          cancelledAt: new Date(cancelled),
          startsAt: new Date(cancelled + ahead),
          timeZone,
        }).getTime();
        return ok({
          end,
          floor: cancelled + HOLD_WINDOW.minMs,
          cap: cancelled + ahead - HOLD_WINDOW.marginMs,
          timeZone,
        });
      }),
    );

  it('never shorter than today’s 3 hours', () => holds(({ end, floor }) => end >= floor));

  it('never after the visit’s start (minus the margin) unless the 3 hours themselves are', () =>
    holds(({ end, floor, cap }) => end <= Math.max(floor, cap)));

  it('never ends in the family’s night, unless the start (or the 3 hours) leaves no room for the morning', () =>
    holds(
      ({ end, floor, cap, timeZone }) =>
        !isQuiet(new Date(end), HOLD_WINDOW.night, timeZone) || end === cap || end === floor,
    ));

  it('never more than a day and a night after the cancellation', () =>
    holds(({ end, floor }) => end - floor <= HOLD_WINDOW.maxMs + 12 * HOUR - HOLD_WINDOW.minMs));
});
