import { describe, expect, it } from 'vitest';
import { STATEMENT_MONTHS_MAX, statementMonths } from './statement-months';

describe('statementMonths', () => {
  it('this Jamaica month back to the circle’s first, newest first', () => {
    // 1 Dec 2026, 2:00 AM UTC is still 30 November, 9 PM, in Jamaica.
    const now = new Date('2026-12-01T02:00:00Z');
    const months = statementMonths('2026-09-15T15:00:00.000Z', now);
    expect(months).toEqual(['2026-11', '2026-10', '2026-09']);
    // Across a new year.
    expect(statementMonths('2025-11-30T15:00:00.000Z', new Date('2026-01-10T15:00:00Z'))).toEqual([
      '2026-01',
      '2025-12',
      '2025-11',
    ]);
  });

  it('a circle created this month offers this month only', () => {
    expect(statementMonths('2026-11-20T15:00:00.000Z', new Date('2026-11-24T15:00:00Z'))).toEqual([
      '2026-11',
    ]);
  });

  it('goes back at most two years', () => {
    const months = statementMonths('2019-01-01T15:00:00.000Z', new Date('2026-11-24T15:00:00Z'));
    expect(months).toHaveLength(STATEMENT_MONTHS_MAX);
    expect(months.at(-1)).toBe('2024-12');
  });
});
