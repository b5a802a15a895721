import { describe, expect, it } from 'vitest';
import { BADGE_CATALOG, badgeProgress, parseBadgeCriteria } from './badges';

describe('badge criteria', () => {
  it('parses every catalog rule', () => {
    for (const b of BADGE_CATALOG) expect(parseBadgeCriteria(b.criteria).length).toBeGreaterThan(0);
    expect(() => parseBadgeCriteria('bookings>10')).toThrow();
  });

  it('measures progress toward a rule', () => {
    const m = {
      completed_bookings: 5,
      total_bookings: 6,
      total_hours: 30,
      total_reviews: 4,
      five_star_reviews: 3,
      average_rating: 4.9,
      experience_years: 3,
      verified: 1,
      safety_certifications: 2,
      response_time: 60,
      responses: 6,
      longest_streak: 3,
      profile_complete: 1,
    };
    expect(badgeProgress('completed_bookings>=10', m)).toBe(50);
    expect(badgeProgress('completed_bookings>=5', m)).toBe(100);
    expect(badgeProgress('average_rating>=4.8 && total_reviews>=5', m)).toBe(80);
    expect(badgeProgress('response_time<=30 && responses>=3', m)).toBe(50);
  });
});
