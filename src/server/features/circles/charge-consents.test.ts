import { describe, expect, it } from 'vitest';
import { chargeConsents } from './circle-access';

/** Whose card a job may charge for a circle booking (ADR 0039): a pure rule, so every case is listed. */
describe('chargeConsents', () => {
  const at = new Date('2030-01-01T00:00:00Z');
  const payer = (userId: number, monthlyCapJmd: number | null, consented: boolean) => ({
    userId,
    roles: ['payer' as const],
    monthlyCapJmd,
    payerConsentedAt: consented ? at : null,
  });
  const coordinator = {
    userId: 1,
    roles: ['coordinator' as const],
    monthlyCapJmd: null,
    payerConsentedAt: null,
  };
  const noRule = { approvalRequired: false };
  const booked = (familyId: number, approvalBy: number | null = null) => ({
    familyId,
    approvalState: approvalBy === null ? null : 'approved',
    approvalBy,
  });

  it('puts the approver first, then the booker, then standing rules by lowest user id', () => {
    const members = [coordinator, payer(4, null, true), payer(3, 50000, true), payer(2, null, false)];
    expect(chargeConsents(noRule, booked(2, 4), members, 315_000)).toEqual([
      { userId: 4, basis: 'own_approval' },
      { userId: 2, basis: 'own_booking' },
      { userId: 3, basis: 'own_cap' },
    ]);
  });

  it('never names a member who is no payer, whatever they did', () => {
    expect(chargeConsents(noRule, booked(1, 1), [coordinator, payer(2, 0, true)], 315_000)).toEqual([]);
  });

  it('a cap stands while the month is within it, and only if its payer took the role on themselves', () => {
    expect(chargeConsents(noRule, booked(1), [payer(2, 3150, true)], 315_000)).toEqual([
      { userId: 2, basis: 'own_cap' },
    ]);
    expect(chargeConsents(noRule, booked(1), [payer(2, 3149, true)], 315_000)).toEqual([]);
    expect(chargeConsents(noRule, booked(1), [payer(2, 3150, false)], 315_000)).toEqual([]);
  });

  it('"charge me" (no cap) stands only in a circle without the approval rule, for a payer who took the role on', () => {
    expect(chargeConsents(noRule, booked(1), [payer(2, null, true)], 315_000)).toEqual([
      { userId: 2, basis: 'charge_me' },
    ]);
    expect(chargeConsents({ approvalRequired: true }, booked(1), [payer(2, null, true)], 315_000)).toEqual(
      [],
    );
    expect(chargeConsents(noRule, booked(1), [payer(2, null, false)], 315_000)).toEqual([]);
  });
});
