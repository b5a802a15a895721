import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SUPPORT_HOURS } from './contracts/support';
import { addSupportHours, PRIORITY_REPLY_HOURS, replyDeadline, SUPPORT_SCHEDULE } from './support-hours';

// Jamaica is UTC−5 all year: 13:00Z is 8 AM there.
const at = (iso: string) => new Date(iso);

describe('support reply deadlines', () => {
  it('counts only the hours the contact page lists (Mon–Fri 8 AM–6 PM, Sat 9 AM–2 PM, Jamaica time)', () => {
    expect(SUPPORT_HOURS.map((h) => h.hours)).toEqual(['8:00 AM – 6:00 PM', '9:00 AM – 2:00 PM', 'Closed']);
    expect(SUPPORT_SCHEDULE.slice(1, 6).every((d) => d?.[0] === 8 && d[1] === 18)).toBe(true);
    expect(SUPPORT_SCHEDULE[6]).toEqual([9, 14]);
    expect(SUPPORT_SCHEDULE[0]).toBeNull();
    // Tuesday 10 AM + 4 h → 2 PM the same day.
    expect(replyDeadline(at('2026-11-24T15:00:00Z'), true).toISOString()).toBe('2026-11-24T19:00:00.000Z');
    // Tuesday 4 PM + 4 h → 2 h left today, then Wednesday 10 AM.
    expect(replyDeadline(at('2026-11-24T21:00:00Z'), true).toISOString()).toBe('2026-11-25T15:00:00.000Z');
    // Saturday 9 PM → Sunday is closed → Monday 12 noon.
    expect(replyDeadline(at('2026-11-29T02:00:00Z'), true).toISOString()).toBe('2026-11-30T17:00:00.000Z');
    // Saturday noon + 4 h → 2 h left Saturday, then Monday 10 AM.
    expect(replyDeadline(at('2026-11-28T17:00:00Z'), true).toISOString()).toBe('2026-11-30T15:00:00.000Z');
    // Before opening (Tuesday 6 AM) → from 8 AM.
    expect(replyDeadline(at('2026-11-24T11:00:00Z'), true).toISOString()).toBe('2026-11-24T17:00:00.000Z');
    // Standard: one working day, so Tuesday 10 AM → Wednesday 10 AM.
    expect(replyDeadline(at('2026-11-24T15:00:00Z'), false).toISOString()).toBe('2026-11-25T15:00:00.000Z');
  });

  it('a priority deadline is never later than a standard one, and always in support hours', () => {
    fc.assert(
      fc.property(fc.date({ min: at('2026-01-01'), max: at('2030-01-01'), noInvalidDate: true }), (d) => {
        const p = replyDeadline(d, true);
        expect(p.getTime()).toBeGreaterThan(d.getTime());
        expect(p.getTime()).toBeLessThanOrEqual(replyDeadline(d, false).getTime());
        const local = new Date(p.getTime() - 5 * 3_600_000);
        const msOfDay = local.getTime() % 86_400_000;
        const hours = SUPPORT_SCHEDULE[local.getUTCDay()];
        expect(hours).not.toBeNull();
        expect(msOfDay).toBeGreaterThan((hours?.[0] ?? 0) * 3_600_000);
        expect(msOfDay).toBeLessThanOrEqual((hours?.[1] ?? 0) * 3_600_000);
        expect(addSupportHours(d, PRIORITY_REPLY_HOURS).getTime()).toBe(p.getTime());
      }),
      { examples: [[at('2026-10-26T19:00:00.001Z')]] },
    );
  });
});
