// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReconciliationMismatch } from '../../../../shared/contracts/reconciliation';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { MoneyAuditPanel } from './money-audit-panel';

const open: ReconciliationMismatch = {
  id: 7,
  kind: 'provider_unknown',
  providerRef: 'sbx_0f3c',
  paymentId: null,
  bookingId: null,
  subscriptionChargeId: null,
  providerAmount: '1234.00',
  ourAmount: '0.00',
  detail: 'The provider holds J$ 1,234 under a reference we have no payment or plan charge for.',
  detectedAt: '2026-11-28T10:00:00.000Z',
  state: 'open',
  resolvedBy: null,
  resolvedAt: null,
  note: null,
};
const resolved: ReconciliationMismatch = {
  ...open,
  id: 8,
  kind: 'amount_differs',
  state: 'resolved',
  resolvedBy: { userId: 3, firstName: 'Ava', lastName: 'Admin' },
  resolvedAt: '2026-11-28T11:00:00.000Z',
  note: 'Voided at the provider.',
};

const render = () =>
  renderRoute(<MoneyAuditPanel />, { path: '/admin', url: '/admin', user: makeUser({ userType: 'admin' }) });

describe('MoneyAuditPanel', () => {
  it('says when nothing differs and when no run happened yet', async () => {
    stubFetch({
      'GET /api/admin/money-audit/mismatches': { body: { mismatches: [], open: 0 } },
      'GET /api/admin/money-audit/runs': { body: { runs: [] } },
    });
    render();
    expect(await screen.findByText('No mismatches: the provider’s record and ours agree.')).toBeVisible();
    expect(await screen.findByText(/No reconciliation has run yet\./)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Open (0)' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('lists a mismatch with its amounts, resolves it with a note, and shows who resolved one', async () => {
    const { calls } = stubFetch({
      'GET /api/admin/money-audit/mismatches': (call) => ({
        body: call.url.includes('state=resolved')
          ? { mismatches: [resolved], open: 1 }
          : { mismatches: [open], open: 1 },
      }),
      'GET /api/admin/money-audit/runs': { body: { runs: [] } },
      'POST /api/admin/money-audit/mismatches/7/resolve': { body: { ...open, state: 'resolved' } },
    });
    render();
    const item = await screen.findByRole('listitem', { name: 'Provider money we have no record of' });
    expect(item).toHaveTextContent('J$ 1,234');
    expect(within(item).getByText('Open')).toBeVisible();
    fireEvent.click(within(item).getByRole('button', { name: 'Mark resolved' }));
    expect(await within(item).findByText('Please say how it was resolved.')).toBeVisible();
    expect(within(item).getByLabelText('How was it resolved?')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(within(item).getByLabelText('How was it resolved?'), {
      target: { value: 'Voided at the provider.' },
    });
    fireEvent.click(within(item).getByRole('button', { name: 'Mark resolved' }));
    await screen.findByText('Mismatch resolved');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ note: 'Voided at the provider.' });
    fireEvent.click(screen.getByRole('button', { name: 'Resolved' }));
    expect(await screen.findByText(/Resolved by Ava Admin/)).toHaveTextContent('Voided at the provider.');
  });
});
