import { describe, expect, it } from 'vitest';
import type { VerificationState } from './contracts/verification';
import { canSubmitVerification, verificationProgress, wizardStepStatuses } from './verification-status';

type S = VerificationState['steps'][keyof VerificationState['steps']]['state'];
function v(
  states: Partial<Record<keyof VerificationState['steps'], S>>,
  over: Partial<Pick<VerificationState, 'status' | 'policeRecordStale'>> = {},
) {
  const all = ['email', 'phone', 'id', 'selfie', 'address', 'background'] as const;
  const steps = Object.fromEntries(
    all.map((k) => [k, { state: states[k] ?? 'todo', reason: states[k] === 'rejected' ? `fix ${k}` : null }]),
  ) as VerificationState['steps'];
  return { steps, status: 'pending' as const, policeRecordStale: false, ...over };
}
const statuses = (x: ReturnType<typeof v>) => wizardStepStatuses(x).map((s) => s.status);

describe('verification status model', () => {
  it('maps each step: a document done by the user is "submitted", never counted as approved by the bar', () => {
    const x = v({ email: 'todo', phone: 'approved', id: 'approved', selfie: 'done', address: 'done' });
    expect(statuses(x)).toEqual(['not-started', 'approved', 'submitted', 'submitted', 'not-started']);
    expect(verificationProgress(x)).toMatchObject({
      approved: 1,
      submitted: 2,
      percent: 20,
      text: '1 of 5 steps approved · 2 awaiting review',
    });
  });

  it('a proven e-mail or phone (done: the link opened, the code typed) is approved and reads "Verified" (issue 32)', () => {
    const steps = wizardStepStatuses(v({ email: 'done', phone: 'done', id: 'done', selfie: 'done' }));
    expect(steps.map((s) => [s.key, s.status, s.label])).toEqual([
      ['email', 'approved', 'Verified'],
      ['phone', 'approved', 'Verified'],
      ['identity', 'submitted', 'Submitted, awaiting review'],
      ['address', 'not-started', 'Not started'],
      ['background', 'not-started', 'Not started'],
    ]);
  });

  it('identity is approved only with both ID and selfie; a rejected part wins and carries its reason', () => {
    expect(statuses(v({ id: 'approved', selfie: 'approved' }))[2]).toBe('approved');
    expect(statuses(v({ id: 'approved', selfie: 'todo' }))[2]).toBe('not-started');
    const rejected = wizardStepStatuses(v({ id: 'approved', selfie: 'rejected' }))[2];
    expect(rejected).toMatchObject({ status: 'rejected', label: 'Needs a fix', reasons: ['fix selfie'] });
  });

  it('an approved police record over 12 months old is expired, and the bar stops counting it', () => {
    const all = {
      email: 'approved',
      phone: 'approved',
      id: 'approved',
      selfie: 'approved',
      address: 'approved',
    };
    const fresh = v({ ...all, background: 'approved' } as never, { status: 'approved' });
    expect(verificationProgress(fresh)).toMatchObject({ approved: 5, percent: 100 });
    const old = v({ ...all, background: 'approved' } as never, {
      status: 'approved',
      policeRecordStale: true,
    });
    expect(statuses(old)[4]).toBe('expired');
    expect(verificationProgress(old)).toMatchObject({ approved: 4, percent: 80 });
  });

  it('allows a submission the first time, then only when a step was rejected or expired', () => {
    expect(canSubmitVerification(v({}))).toBe(true);
    const all = {
      email: 'approved',
      phone: 'approved',
      id: 'approved',
      selfie: 'approved',
      address: 'approved',
    };
    expect(
      canSubmitVerification(v({ ...all, background: 'approved' } as never, { status: 'approved' })),
    ).toBe(false);
    expect(canSubmitVerification(v({ ...all, background: 'done' } as never, { status: 'submitted' }))).toBe(
      false,
    );
    expect(
      canSubmitVerification(
        v({ ...all, background: 'approved' } as never, { status: 'approved', policeRecordStale: true }),
      ),
    ).toBe(true);
    expect(
      canSubmitVerification(v({ ...all, background: 'rejected' } as never, { status: 'rejected' })),
    ).toBe(true);
    // Fixed after a rejection (the step is redone, waiting for review): still the caregiver's turn to send it.
    expect(canSubmitVerification(v({ ...all, background: 'done' } as never, { status: 'rejected' }))).toBe(
      true,
    );
  });
});
