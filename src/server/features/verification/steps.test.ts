import { describe, expect, it } from 'vitest';
import { allVerificationFlags } from '../../../shared/contracts/verification';
import type { verifications } from '../../db/schema';
import { isPoliceRecordStale, policeRecordExpiresOn, reminderCutoff, stepStates, userDone } from './steps';

type Row = typeof verifications.$inferSelect;
const row = (over: Partial<Row> = {}): Row =>
  ({
    ...allVerificationFlags(false),
    idNumber: null,
    address: null,
    policeRecordIssuedAt: null,
    references: [],
    consentAt: null,
    reviews: {},
    ...over,
  }) as Row;

describe('police record dates', () => {
  it('turns 12 months old on the same day next year (end of month clamps)', () => {
    expect(policeRecordExpiresOn('2025-03-15')).toBe('2026-03-15');
    expect(policeRecordExpiresOn('2024-02-29')).toBe('2025-02-28');
  });

  it('is stale from the day it turns 12 months old', () => {
    expect(isPoliceRecordStale('2025-03-15', new Date('2026-03-14T12:00:00Z'))).toBe(false);
    expect(isPoliceRecordStale('2025-03-15', new Date('2026-03-15T12:00:00Z'))).toBe(true);
    expect(isPoliceRecordStale(null, new Date())).toBe(false);
  });

  it('is due a reminder 30 days before that day', () => {
    // On 2026-02-13, records issued on or before 2025-03-15 turn 12 months within 30 days.
    expect(reminderCutoff(new Date('2026-02-13T12:00:00Z'))).toBe('2025-03-15');
  });
});

describe('step states', () => {
  it('a step is done when the user did their part, approved or rejected by the review', () => {
    const v = row({
      emailVerified: true,
      idNumber: 'X1',
      reviews: {
        email: { approved: true, reason: null, by: 1, at: '' },
        id: { approved: false, reason: 'Blurry', by: 1, at: '' },
      },
    });
    const s = stepStates(v, new Set(['id', 'selfie']));
    expect(s.email).toEqual({ state: 'approved', reason: null });
    expect(s.id).toEqual({ state: 'rejected', reason: 'Blurry' });
    expect(s.selfie.state).toBe('done');
    expect(s.phone.state).toBe('todo');
    expect(userDone(v, new Set()).id).toBe(false);
  });

  it('treats admin flags set before reviews existed as approvals', () => {
    const s = stepStates(row({ idVerified: true, backgroundCheckVerified: true }), new Set());
    expect([s.id.state, s.background.state, s.address.state]).toEqual(['approved', 'approved', 'todo']);
  });
});
