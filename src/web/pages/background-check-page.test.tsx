// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allVerificationFlags, type VerificationState } from '../../shared/contracts/verification';
import { getToasts } from '../components/ui/use-toast';
import { makeUser, renderRoute, stubFetch } from '../test/render';
import BackgroundCheckPage from './background-check-page';

const user = makeUser({ id: 42, userType: 'caregiver', phone: null });
const todo = { state: 'todo' as const, reason: null };
function state(over: Partial<VerificationState> = {}): VerificationState {
  return {
    userId: 42,
    ...allVerificationFlags(false),
    status: 'pending',
    submittedAt: null,
    verifiedAt: null,
    rejectionReason: null,
    email: user.email,
    phone: null,
    address: null,
    idNumber: null,
    emergencyContact: null,
    notes: null,
    policeRecordIssuedAt: null,
    policeRecordExpiresOn: null,
    policeRecordStale: false,
    references: [],
    consent: false,
    phoneCodeSentAt: null,
    steps: { email: todo, phone: todo, id: todo, selfie: todo, address: todo, background: todo },
    documents: [],
    ...over,
  };
}

describe('BackgroundCheckPage', () => {
  it('uses the signed-in user, creates the record on a 404, and fails the fixed demo token', async () => {
    const { calls } = stubFetch({
      'GET /api/auth/me': { body: user },
      'GET /api/verification/42': { status: 404, body: { message: 'No verification record yet.' } },
      'POST /api/verification': { status: 201, body: state() },
      'POST /api/verification/email/verify': {
        status: 400,
        body: { message: 'Invalid or expired verification token.' },
      },
    });
    renderRoute(<BackgroundCheckPage />, {
      path: '/background-check',
      url: '/background-check?emailToken=demo-token',
      user,
    });
    await screen.findByRole('heading', { level: 2, name: 'Step 1: Email' });
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/verification')?.body).toEqual({
      userId: 42,
    });
    await waitFor(() =>
      expect(getToasts()[0]).toMatchObject({ title: 'Invalid or expired verification token.' }),
    );
    expect(screen.getByText('0 of 5 steps approved')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Verification progress' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
  });

  it('follows the spec rules: code input at most 6, buttons disabled until filled, Continue needs an ID number', async () => {
    stubFetch({
      'GET /api/auth/me': { body: user },
      'GET /api/verification/42': {
        body: state({
          emailVerified: true,
          steps: { ...state().steps, email: { state: 'done', reason: null } },
        }),
      },
      'POST /api/verification/phone/send': { body: { message: 'We sent a 6-digit code to +18765551234.' } },
    });
    renderRoute(<BackgroundCheckPage />, { path: '/background-check', user });
    await screen.findByRole('heading', { level: 2, name: 'Step 2: Phone' });
    // A proven e-mail needs no review: the stepper says Verified and the bar counts it (issue 32).
    expect(screen.getByText('1 of 5 steps approved')).toBeInTheDocument();
    expect(screen.getByTestId('step-status-email')).toHaveTextContent(/^Verified$/);
    expect(screen.getByRole('button', { name: 'Send code' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '876-555-1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      // The toast says where the code went; the code itself only reaches the phone (ADR 0011).
      expect(getToasts()[0]).toMatchObject({
        title: 'SMS OTP sent',
        description: 'We sent a 6-digit code to +18765551234.',
      }),
    );
    const code = screen.getByLabelText('6-digit code');
    expect(code).toHaveAttribute('maxLength', '6');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    fireEvent.change(code, { target: { value: '12a34567' } });
    expect(code).toHaveValue('123456');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: /3\. Identity documents/ }));
    await screen.findByRole('heading', { level: 2, name: 'Step 3: Identity documents' });
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.getByTestId('upload-selfie')).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(screen.getByTestId('upload-id')).toHaveAttribute(
      'accept',
      expect.stringContaining('application/pdf'),
    );
    fireEvent.change(screen.getByLabelText('ID number'), { target: { value: '123' } });
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: /5\. Background check/ }));
    await screen.findByRole('heading', { level: 2, name: 'Step 5: Background check' });
    expect(screen.getByRole('button', { name: 'Submit for review' })).toBeDisabled();
  });

  const approved = { state: 'approved' as const, reason: null };
  const allApproved = {
    email: approved,
    phone: approved,
    id: approved,
    selfie: approved,
    address: approved,
    background: approved,
  };
  const verified = (over: Partial<VerificationState> = {}) =>
    state({
      status: 'approved',
      ...allVerificationFlags(true),
      policeRecordIssuedAt: '2026-10-01',
      policeRecordExpiresOn: '2027-10-01',
      steps: allApproved,
      ...over,
    });

  it('a verified caregiver sees every step Approved (e-mail and phone Verified), a full bar, and no resubmit form', async () => {
    stubFetch({ 'GET /api/auth/me': { body: user }, 'GET /api/verification/42': { body: verified() } });
    renderRoute(<BackgroundCheckPage />, { path: '/background-check', user });
    await screen.findByRole('heading', { level: 2, name: 'Step 5: Background check' });
    expect(screen.getByText('5 of 5 steps approved')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Verification progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    for (const key of ['identity', 'address', 'background']) {
      expect(screen.getByTestId(`step-status-${key}`)).toHaveTextContent('Approved');
    }
    for (const key of ['email', 'phone']) {
      expect(screen.getByTestId(`step-status-${key}`)).toHaveTextContent('Verified');
    }
    expect(screen.getByTestId('nothing-to-resubmit')).toHaveTextContent('Your background check is approved.');
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
    expect(screen.queryByLabelText('Police record issue date')).toBeNull();
  });

  it('under review: reviewed steps say Submitted, the bar counts only the proven e-mail and phone, and nothing can be resubmitted', async () => {
    const done = { state: 'done' as const, reason: null };
    stubFetch({
      'GET /api/auth/me': { body: user },
      'GET /api/verification/42': {
        body: state({
          status: 'submitted',
          emailVerified: true,
          phoneVerified: true,
          steps: { email: done, phone: done, id: done, selfie: done, address: done, background: done },
        }),
      },
    });
    renderRoute(<BackgroundCheckPage />, { path: '/background-check', user });
    await screen.findByRole('heading', { level: 2, name: 'Step 5: Background check' });
    expect(screen.getByText('2 of 5 steps approved · 3 awaiting review')).toBeInTheDocument();
    expect(screen.getByTestId('step-status-identity')).toHaveTextContent('Submitted, awaiting review');
    expect(screen.getByTestId('nothing-to-resubmit')).toHaveTextContent('with our reviewers');
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
  });

  it('a rejected or expired step opens the form again, labelled the same in the stepper', async () => {
    stubFetch({
      'GET /api/auth/me': { body: user },
      'GET /api/verification/42': {
        body: verified({ policeRecordStale: true, policeRecordExpiresOn: '2026-11-01' }),
      },
    });
    const view = renderRoute(<BackgroundCheckPage />, { path: '/background-check', user });
    await screen.findByRole('heading', { level: 2, name: 'Step 5: Background check' });
    expect(screen.getByTestId('step-status-background')).toHaveTextContent('Expired');
    expect(screen.getByText('4 of 5 steps approved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit for review' })).toBeInTheDocument();
    view.unmount();

    stubFetch({
      'GET /api/auth/me': { body: user },
      'GET /api/verification/42': {
        body: verified({
          status: 'rejected',
          selfieVerified: false,
          rejectionReason: 'Selfie: face not visible',
          steps: { ...allApproved, selfie: { state: 'rejected', reason: 'face not visible' } },
        }),
      },
    });
    renderRoute(<BackgroundCheckPage />, { path: '/background-check', user });
    await screen.findByRole('heading', { level: 2, name: 'Step 3: Identity documents' });
    expect(screen.getByTestId('step-status-identity')).toHaveTextContent('Needs a fix');
    expect(screen.getByText('4 of 5 steps approved')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /5\. Background check/ }));
    expect(await screen.findByRole('button', { name: 'Submit for review' })).toBeInTheDocument();
  });

  it('asks for the link the e-mail holds, not a code, and accepts the pasted link (issue 32)', async () => {
    const { calls } = stubFetch({
      'GET /api/auth/me': { body: user },
      'GET /api/verification/42': { body: state() },
      'POST /api/verification/email/verify': {
        body: state({
          emailVerified: true,
          steps: { ...state().steps, email: { state: 'done', reason: null } },
        }),
      },
    });
    renderRoute(<BackgroundCheckPage />, { path: '/background-check', user });
    await screen.findByRole('heading', { level: 2, name: 'Step 1: Email' });
    expect(screen.queryByText(/code from the email/i)).toBeNull();
    fireEvent.change(screen.getByLabelText('Link from the email'), {
      target: { value: ' https://yaadcare.jm/background-check?emailToken=abc%2Bdef_123 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify email' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/verification/email/verify')?.body).toEqual({
        token: 'abc+def_123',
      }),
    );
  });
});
