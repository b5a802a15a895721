import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VERIFICATION_STATUSES, VERIFICATION_STEPS } from '../../db/schema';
import { TrustByRecord } from './search-page';
import { isVerifiedNow, type TrustRecord, verifiedFactsOf } from './trust';

const DAY = 86_400_000;
const moment = (min: string, max: string) =>
  fc.date({ min: new Date(min), max: new Date(max), noInvalidDate: true });
const isoDay = moment('2025-01-01T00:00:00Z', '2027-06-30T00:00:00Z').map((d) =>
  d.toISOString().slice(0, 10),
);

const review = fc.record({
  approved: fc.boolean(),
  reason: fc.constant(null),
  by: fc.constant(1),
  at: moment('2025-01-01T00:00:00Z', '2026-12-31T00:00:00Z').map((d) => d.toISOString()),
});

const record: fc.Arbitrary<TrustRecord> = fc.record({
  status: fc.constantFrom(...VERIFICATION_STATUSES),
  reviews: fc.dictionary(fc.constantFrom(...VERIFICATION_STEPS), review),
  phoneVerified: fc.boolean(),
  idVerified: fc.boolean(),
  selfieVerified: fc.boolean(),
  addressVerified: fc.boolean(),
  backgroundCheckVerified: fc.boolean(),
  policeRecordIssuedAt: fc.option(isoDay),
  referenceCount: fc.nat(3),
  verifiedAt: fc.option(moment('2025-01-01T00:00:00Z', '2026-12-31T00:00:00Z').map((d) => d.toISOString())),
});

/** A record an admin approved whole: the background check shows until the police record turns stale. */
const approvedRecord = record.map((r) => ({
  ...r,
  status: 'approved' as const,
  reviews: {},
  idVerified: true,
  selfieVerified: true,
  backgroundCheckVerified: true,
  policeRecordIssuedAt: '2026-01-01',
  verifiedAt: '2026-01-02T12:00:00.000Z',
}));

describe('trust fields by verification record, kept across searches', () => {
  it('always answers what verifiedFactsOf and isVerifiedNow answer at that moment, however the clock moves', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(record, approvedRecord), { minLength: 1, maxLength: 3 }),
        moment('2025-06-01T00:00:00Z', '2027-01-01T00:00:00Z'),
        // Mostly forward by hours and days, sometimes back.
        fc.array(fc.tuple(fc.nat(4), fc.integer({ min: -DAY / 4, max: (5 * DAY) / 4 })), { maxLength: 40 }),
        fc.array(fc.integer({ min: -20, max: 20 }), { minLength: 3, maxLength: 3 }),
        (records, start, steps, issuedDaysAgo) => {
          const trust = new TrustByRecord(2);
          let at = start.getTime();
          // Police records issued about a year before the start, so that many turn stale on the way.
          const issued = issuedDaysAgo.map((days) =>
            new Date(at - (365 + days) * DAY).toISOString().slice(0, 10),
          );
          for (const [which, step] of [[0, 0] as [number, number], ...steps]) {
            at += step;
            const i = which % records.length;
            const r = { ...records[i], policeRecordIssuedAt: records[i].policeRecordIssuedAt && issued[i] };
            const facts = verifiedFactsOf(r, new Date(at));
            // Ids 0 and 1 for up to three records: one caregiver's record changes between searches too.
            expect(trust.of(which % 2, JSON.stringify(r), new Date(at))).toMatchObject({
              factsJson: JSON.stringify(facts),
              approved: isVerifiedNow(true, r, facts),
            });
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('drops the background check the day the police record turns 12 months old, with the record kept', () => {
    const trust = new TrustByRecord();
    const r: TrustRecord = {
      status: 'approved',
      reviews: {},
      phoneVerified: false,
      idVerified: true,
      selfieVerified: true,
      addressVerified: false,
      backgroundCheckVerified: true,
      policeRecordIssuedAt: '2025-11-25',
      referenceCount: 0,
      verifiedAt: '2025-12-01T12:00:00.000Z',
    };
    const json = JSON.stringify(r);
    const kinds = (at: string) =>
      (JSON.parse(trust.of(7, json, new Date(at)).factsJson) as { kind: string }[]).map((f) => f.kind);
    expect(kinds('2026-11-24T23:59:59Z')).toEqual(['identity', 'background_check']);
    expect(trust.of(7, json, new Date('2026-11-24T23:59:59Z')).approved).toBe(true);
    expect(kinds('2026-11-25T00:00:00Z')).toEqual(['identity']);
    expect(trust.of(7, json, new Date('2026-11-25T00:00:00Z')).approved).toBe(false);
  });
});
