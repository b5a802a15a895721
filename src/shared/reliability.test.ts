import { describe, expect, it } from 'vitest';
import {
  NEUTRAL_RELIABILITY,
  type ReliabilityCounts,
  reliabilityScore,
  reliabilityWords,
} from './reliability';

const rec = (over: Partial<ReliabilityCounts>): ReliabilityCounts => ({
  completed: 0,
  lateCancellations: 0,
  noShows: 0,
  checkIns: 0,
  onTimeCheckIns: 0,
  ...over,
});

describe('reliabilityWords', () => {
  it('says a caregiver with nothing counted is new, with no numbers', () => {
    expect(reliabilityWords(rec({}))).toEqual({ visits: 'New to YaadCare: no visits yet', onTime: null });
  });

  it('names the completed, the late cancellations and the check-ins', () => {
    expect(
      reliabilityWords(rec({ completed: 48, lateCancellations: 1, checkIns: 31, onTimeCheckIns: 30 })),
    ).toEqual({
      visits: 'Completed 48 of 49 visits, cancelled 1 late',
      onTime: 'On time for 30 of 31 check-ins',
    });
  });

  it('names missed visits, uses the singular, and leaves out on-time without check-ins', () => {
    expect(reliabilityWords(rec({ noShows: 1 }))).toEqual({
      visits: 'Completed 0 of 1 visit, missed 1',
      onTime: null,
    });
    expect(reliabilityWords(rec({ completed: 1, checkIns: 1, onTimeCheckIns: 1 }))).toEqual({
      visits: 'Completed 1 of 1 visit',
      onTime: 'On time for 1 of 1 check-in',
    });
    expect(reliabilityWords(rec({ completed: 10, lateCancellations: 2, noShows: 3 })).visits).toBe(
      'Completed 10 of 15 visits, cancelled 2 late, missed 3',
    );
  });
});

describe('reliabilityScore', () => {
  it('is neutral for no record and does not let 1 of 1 beat 48 of 49', () => {
    expect(reliabilityScore(rec({}))).toBe(NEUTRAL_RELIABILITY);
    expect(reliabilityScore(rec({ completed: 1 }))).toBeLessThan(
      reliabilityScore(rec({ completed: 48, lateCancellations: 1 })),
    );
  });

  it('puts a record below the newcomer exactly when more than 1 in 10 visits went wrong', () => {
    expect(reliabilityScore(rec({ completed: 9, noShows: 1 }))).toBe(NEUTRAL_RELIABILITY);
    expect(reliabilityScore(rec({ completed: 70, lateCancellations: 30 }))).toBeLessThan(NEUTRAL_RELIABILITY);
    expect(reliabilityScore(rec({ completed: 0, noShows: 1 }))).toBeLessThan(NEUTRAL_RELIABILITY);
    expect(reliabilityScore(rec({ completed: 19, lateCancellations: 1 }))).toBeGreaterThan(
      NEUTRAL_RELIABILITY,
    );
  });

  it('ignores punctuality (a late check-in is still a kept visit)', () => {
    expect(reliabilityScore(rec({ completed: 5, checkIns: 5, onTimeCheckIns: 0 }))).toBe(
      reliabilityScore(rec({ completed: 5, checkIns: 5, onTimeCheckIns: 5 })),
    );
  });
});
