import { describe, expect, it } from 'vitest';
import {
  groupBySeries,
  positionIn,
  ruleOfVisits,
  seriesRuleText,
  seriesSpanText,
  seriesTotalCents,
  visitsToCancel,
} from './series-text';
import { makeBooking, makeSeriesVisits } from './test-fixtures';

describe('series text', () => {
  it('groups a list by series, in date order, and places a visit: "3 of 6"', () => {
    const visits = makeSeriesVisits(9, 6);
    const single = makeBooking({ id: 1 });
    const list = [single, ...[...visits].reverse()];
    const groups = groupBySeries(list);
    expect([...groups.keys()]).toEqual([9]);
    expect(groups.get(9)?.map((v) => v.id)).toEqual([100, 101, 102, 103, 104, 105]);
    expect(positionIn(visits[2], groups)).toEqual({ seriesId: 9, index: 3, count: 6 });
    expect(positionIn(single, groups)).toBeUndefined();
  });

  it('reads the rule back from the visits, and the span', () => {
    const visits = makeSeriesVisits(9, 6);
    expect(seriesRuleText(ruleOfVisits(visits))).toBe('Mon, Wed, Fri at 8:00 AM, 4 h each');
    expect(seriesSpanText(visits)).toBe('6 visits, Monday, 8 June 2099 to Friday, 19 June 2099');
    expect(seriesSpanText(visits.slice(0, 1))).toBe('1 visit, Monday, 8 June 2099');
  });

  it('totals only the visits still held, and cancels only those to come', () => {
    const visits = makeSeriesVisits(9, 4);
    visits[0].status = 'cancelled';
    visits[1].status = 'confirmed';
    visits[2].status = 'completed';
    expect(seriesTotalCents(visits)).toBe(3 * 420_000);
    expect(visitsToCancel(visits, new Date('2099-06-01T00:00:00Z')).map((v) => v.id)).toEqual([101, 103]);
    // After the second visit's start, it is no longer "the rest".
    expect(visitsToCancel(visits, new Date('2099-06-10T13:00:00Z')).map((v) => v.id)).toEqual([103]);
  });
});
