import { describe, expect, it } from 'vitest';
import { effectiveTime, inOfflineGap } from './effective-time';

const MIN = 60_000;
const T0 = Date.parse('2030-03-01T14:00:00Z');
const m = (minutes: number) => new Date(T0 + minutes * MIN);

/** The offline allowance (ADR 0040) on its own: server-side contacts decide how far back a phone's time counts. */
describe('inOfflineGap', () => {
  it('believes a time after the last contact before a gap and before the reconnection', () => {
    expect(inOfflineGap(m(10), m(100), [m(0)])).toBe(true);
    // The reconnection's own contacts (a read, earlier items of the queue) are part of the stretch ending now.
    expect(inOfflineGap(m(10), m(100), [m(0), m(99), m(99.5)])).toBe(true);
  });

  it('does not believe a time the phone was in touch after, nor one before the last contact', () => {
    expect(inOfflineGap(m(10), m(100), [m(0), m(50)])).toBe(false);
    expect(inOfflineGap(m(-5), m(100), [m(0)])).toBe(false);
    // Never heard from before: no sign of an offline gap.
    expect(inOfflineGap(m(10), m(100), [])).toBe(false);
    expect(inOfflineGap(m(10), m(100), [m(98.5), m(99)])).toBe(false);
  });
});

describe('effectiveTime', () => {
  const base = { receivedAt: m(100), floor: m(-30), previous: undefined, contacts: [m(-40)] };

  it('is the arrival unless the phone’s time lies in an offline gap', () => {
    expect(effectiveTime({ ...base, recordedAt: m(-2) })).toEqual(m(-2));
    expect(effectiveTime({ ...base, recordedAt: m(-2), contacts: [m(-40), m(60)] })).toEqual(m(100));
  });

  it('never counts before the floor or the previous entry, nor after the arrival', () => {
    expect(effectiveTime({ ...base, recordedAt: m(-33) })).toEqual(m(-30));
    expect(effectiveTime({ ...base, recordedAt: m(10), previous: m(20) })).toEqual(m(20));
    expect(effectiveTime({ ...base, recordedAt: m(104) })).toEqual(m(100));
  });

  it('refuses a time further before the floor than a clock’s error', () => {
    expect(effectiveTime({ ...base, recordedAt: m(-36) })).toBeUndefined();
    expect(effectiveTime({ ...base, recordedAt: m(-20 * 60) })).toBeUndefined();
  });
});
