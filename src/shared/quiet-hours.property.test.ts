import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isQuiet, quietEndsAt } from './quiet-hours';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const at = (iso: string) => new Date(iso);

describe('quiet hours: examples', () => {
  it('a window crossing midnight in Jamaica (UTC−5 all year)', () => {
    const w = { start: '22:00', end: '07:00' };
    // 23:00 Jamaica = 04:00Z next day; quiet until 07:00 Jamaica = 12:00Z.
    expect(quietEndsAt(at('2026-06-02T04:00:00Z'), w, 'America/Jamaica')).toEqual(at('2026-06-02T12:00:00Z'));
    // 02:00 Jamaica: the same morning's 07:00.
    expect(quietEndsAt(at('2026-06-02T07:00:00Z'), w, 'America/Jamaica')).toEqual(at('2026-06-02T12:00:00Z'));
    // Noon: not quiet.
    expect(isQuiet(at('2026-06-02T17:00:00Z'), w, 'America/Jamaica')).toBe(false);
    expect(quietEndsAt(at('2026-06-02T17:00:00Z'), w, 'America/Jamaica')).toBeUndefined();
    // The end minute itself is not quiet; the start minute is.
    expect(isQuiet(at('2026-06-02T12:00:00Z'), w, 'America/Jamaica')).toBe(false);
    expect(isQuiet(at('2026-06-02T03:00:00Z'), w, 'America/Jamaica')).toBe(true);
  });

  it('a window within one day', () => {
    const w = { start: '13:00', end: '15:30' };
    expect(quietEndsAt(at('2026-06-02T19:10:00Z'), w, 'America/Jamaica')).toEqual(at('2026-06-02T20:30:00Z'));
    expect(isQuiet(at('2026-06-02T17:59:00Z'), w, 'America/Jamaica')).toBe(false);
  });

  it('an end time the clocks jump over (New York, 8 March 2026) ends quiet at the jump', () => {
    // 01:00 EST = 06:00Z; at 07:00Z the clocks go from 02:00 to 03:00, so 02:30 never happens.
    const w = { start: '01:00', end: '02:30' };
    expect(quietEndsAt(at('2026-03-08T06:10:00Z'), w, 'America/New_York')).toEqual(
      at('2026-03-08T07:00:00Z'),
    );
  });

  it('an end time that happens twice (New York, 1 November 2026) ends at the next one after the instant', () => {
    const w = { start: '22:00', end: '01:30' };
    // 01:15 EDT (05:15Z) → 01:30 EDT (05:30Z); 01:15 EST (06:15Z) → 01:30 EST (06:30Z).
    expect(quietEndsAt(at('2026-11-01T05:15:00Z'), w, 'America/New_York')).toEqual(
      at('2026-11-01T05:30:00Z'),
    );
    expect(quietEndsAt(at('2026-11-01T06:15:00Z'), w, 'America/New_York')).toEqual(
      at('2026-11-01T06:30:00Z'),
    );
    // 23:00 EDT the night before (03:00Z) waits until the first 01:30, not the second.
    expect(quietEndsAt(at('2026-11-01T03:00:00Z'), w, 'America/New_York')).toEqual(
      at('2026-11-01T05:30:00Z'),
    );
  });

  it('a window across a spring-forward night lasts one hour less in real time (London, 29 March 2026)', () => {
    const w = { start: '22:00', end: '07:00' };
    // 22:00 GMT (22:00Z) → 07:00 BST (06:00Z): 8 hours.
    expect(quietEndsAt(at('2026-03-28T22:00:00Z'), w, 'Europe/London')).toEqual(at('2026-03-29T06:00:00Z'));
  });
});

const ZONES = [
  'America/Jamaica',
  'America/New_York',
  'America/Toronto',
  'Europe/London',
  'America/Santiago',
  'Australia/Lord_Howe', // a 30-minute daylight-saving shift
  'Asia/Kolkata',
  'Pacific/Chatham',
];
const clock = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
// Instants over 2025–2028 to the second, so every daylight-saving change of those years is reachable.
const instants = fc
  .integer({ min: Date.UTC(2025, 0, 1) / 1000, max: Date.UTC(2028, 11, 31) / 1000 })
  .map((s) => new Date(s * 1000));
// Instants within an hour of the New York and London changes, where the edge cases live.
const nearChanges = fc
  .tuple(
    fc.constantFrom(
      '2026-03-08T07:00:00Z',
      '2026-11-01T06:00:00Z',
      '2026-03-29T01:00:00Z',
      '2026-10-25T01:00:00Z',
    ),
    fc.integer({ min: -26 * 60, max: 2 * 60 }),
  )
  .map(([iso, m]) => new Date(Date.parse(iso) + m * MINUTE));

describe('quiet hours: properties', () => {
  it('quiet ends after the instant, within a day and an hour, at the first non-quiet minute', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        clock,
        clock,
        fc.oneof(instants, nearChanges),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 5, maxLength: 5 }),
        (zone, start, end, now, samples) => {
          const w = { start, end };
          const ends = quietEndsAt(now, w, zone);
          if (!isQuiet(now, w, zone)) {
            expect(ends).toBeUndefined();
            return;
          }
          expect(ends).toBeDefined();
          const e = ends!.getTime();
          expect(e).toBeGreaterThan(now.getTime());
          // Within a day and an hour, unless a jump of the clocks (an hour at most) skips the whole waking part.
          const mins = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
          const awake = (((mins(start) - mins(end)) % 1440) + 1440) % 1440;
          const limit = awake > 60 ? 25 * HOUR : 49 * HOUR;
          expect(e - now.getTime()).toBeLessThanOrEqual(limit);
          expect(e % MINUTE).toBe(0);
          // Quiet has ended at e, and held the whole time before it.
          expect(isQuiet(new Date(e), w, zone)).toBe(false);
          if (e - MINUTE > now.getTime()) expect(isQuiet(new Date(e - MINUTE), w, zone)).toBe(true);
          for (const f of samples) {
            const t = now.getTime() + Math.floor(f * (e - now.getTime()));
            if (t < e) expect(isQuiet(new Date(t), w, zone)).toBe(true);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a window whose ends meet is never quiet', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), clock, instants, (zone, t, now) => {
        expect(isQuiet(now, { start: t, end: t }, zone)).toBe(false);
      }),
    );
  });
});
