// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VerificationState } from '../../../../shared/contracts/verification';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { VerificationStatusCard } from './verification-status-card';

const user = makeUser({ id: 7, userType: 'caregiver' });
const s = (state: 'todo' | 'done' | 'approved' | 'rejected', reason: string | null = null) => ({
  state,
  reason,
});

function verification(over: Partial<VerificationState>): VerificationState {
  return {
    userId: 7,
    emailVerified: true,
    phoneVerified: true,
    idVerified: false,
    selfieVerified: false,
    addressVerified: false,
    backgroundCheckVerified: false,
    status: 'submitted',
    submittedAt: '2026-11-20T10:00:00.000Z',
    verifiedAt: null,
    rejectionReason: null,
    email: user.email,
    phone: '+18765551234',
    address: '1 Hope Road',
    idNumber: '123',
    emergencyContact: 'Mum',
    notes: null,
    policeRecordIssuedAt: '2026-10-01',
    policeRecordExpiresOn: '2027-10-01',
    policeRecordStale: false,
    references: [],
    consent: true,
    phoneCodeSentAt: null,
    steps: {
      email: s('approved'),
      phone: s('approved'),
      id: s('done'),
      selfie: s('done'),
      address: s('done'),
      background: s('done'),
    },
    documents: [],
    ...over,
  };
}

describe('VerificationStatusCard (caregiver dashboard)', () => {
  it('shows the wizard’s step statuses and count; under review there is no resubmit button', async () => {
    stubFetch({ 'GET /api/verification/7': { body: verification({}) } });
    renderRoute(<VerificationStatusCard userId={7} />, { user });
    expect(await screen.findByText('2 of 5 steps approved · 3 awaiting review')).toBeInTheDocument();
    // A date as 'Fri, 1 Oct 2027', not the raw '2027-10-01' (issue 32 item 14).
    expect(screen.getByText(/^Police record valid until/)).toHaveTextContent(
      'Police record valid until Fri, 1 Oct 2027.',
    );
    expect(screen.getByTestId('step-status-phone')).toHaveTextContent('Verified');
    expect(screen.getByTestId('step-status-identity')).toHaveTextContent('Submitted, awaiting review');
    expect(screen.getByRole('progressbar', { name: 'Verification progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.queryByRole('link', { name: /resubmit|Get verified/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'See your verification' })).toHaveAttribute(
      'href',
      '/background-check',
    );
  });

  it('a rejected step says Needs a fix and offers Fix and resubmit', async () => {
    stubFetch({
      'GET /api/verification/7': {
        body: verification({
          status: 'rejected',
          rejectionReason: 'Selfie: blurry',
          steps: {
            email: s('approved'),
            phone: s('approved'),
            id: s('approved'),
            selfie: s('rejected', 'blurry'),
            address: s('approved'),
            background: s('approved'),
          },
        }),
      },
    });
    renderRoute(<VerificationStatusCard userId={7} />, { user });
    expect(await screen.findByText('4 of 5 steps approved')).toBeInTheDocument();
    expect(screen.getByTestId('step-status-identity')).toHaveTextContent('Needs a fix');
    expect(screen.getByRole('link', { name: 'Fix and resubmit' })).toHaveAttribute(
      'href',
      '/background-check',
    );
  });
});
