// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import type { AdminMoneyItem } from '../admin-money-api';
import { PlanChargeRefundButton } from './plan-charge-refund';

const charge = (over: Partial<AdminMoneyItem> = {}): AdminMoneyItem => ({
  kind: 'subscription',
  id: 7,
  createdAt: '2026-11-20T12:00:00.000Z',
  status: 'paid',
  amount: '1999.00',
  capturedAmount: '1999.00',
  refundedAmount: '500.00',
  method: 'card',
  reference: 'premium plan, first',
  bookingId: null,
  payoutDate: null,
  family: { userId: 3, firstName: 'Natalie', lastName: 'Brown' },
  caregiver: null,
  ledger: [],
  ...over,
});
const admin = () => makeUser({ userType: 'admin' });

describe('PlanChargeRefundButton (ADR 0054)', () => {
  it('is not offered on a charge refunded in full, a declined charge or a booking payment', () => {
    stubFetch({});
    renderRoute(
      <>
        <PlanChargeRefundButton item={charge({ refundedAmount: '1999.00' })} />
        <PlanChargeRefundButton item={charge({ status: 'declined' })} />
        <PlanChargeRefundButton item={charge({ kind: 'payment' })} />
      </>,
      { path: '/admin', user: admin() },
    );
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('refunds what is left by default after a confirmation, with one Idempotency-Key, and shows a refusal', async () => {
    const { calls } = stubFetch({
      'POST /api/admin/plans/charges/7/refund': {
        status: 409,
        body: {
          code: 'REFUND_EXCEEDS_CHARGE',
          message: 'At most J$ 1000.00 of this charge is left to refund.',
        },
      },
    });
    renderRoute(<PlanChargeRefundButton item={charge()} />, { path: '/admin', user: admin() });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const amount = screen.getByLabelText('Amount (J$)');
    expect(amount).toHaveValue('1499.00');
    fireEvent.change(amount, { target: { value: '1500' } });
    expect(screen.getByText('At most J$ 1,499.00 is left to refund.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Review refund' })).toBeDisabled();
    fireEvent.change(amount, { target: { value: '1499' } });
    fireEvent.change(screen.getByLabelText('Reason (the family reads it)'), {
      target: { value: 'Charged by mistake' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Review refund' }));
    expect(
      screen.getByText('Refund J$ 1,499.00 to Natalie Brown? This cannot be undone.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm refund of J$ 1,499.00' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'At most J$ 1000.00 of this charge is left to refund.',
      ),
    );
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ amount: '1499.00', reason: 'Charged by mistake' });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/.+/);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
