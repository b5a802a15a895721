// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReceiptView } from '../../shared/contracts/receipts';
import { makeUser, renderRoute, stubFetch } from '../test/render';
import ReceiptPage from './receipt-page';
import ReceiptsPage from './receipts-page';

const receipt: ReceiptView = {
  number: 'YC-C-000042',
  kind: 'charge',
  title: 'Payment for a visit',
  issuedAt: '2026-12-01T19:00:00.000Z',
  dateText: '1 Dec 2026',
  amountCents: 630_000,
  amountText: 'J$ 6,300.00',
  detail: 'Andrea Clarke, visit of 1 Dec 2026',
  side: 'payer',
  issuedText: '1 Dec 2026, 2:00 PM (Jamaica time)',
  platformFeeCents: 30_000,
  paidWith: 'Visa ending 4242',
  caregiverName: 'Andrea Clarke',
  payerName: 'Simone Reid',
  bookingId: 7,
  estimate: null,
  rows: [
    { label: 'Receipt number', value: 'YC-C-000042' },
    { label: 'Amount charged', value: 'J$ 6,300.00' },
    { label: 'Paid with', value: 'Visa ending 4242' },
  ],
  items: [],
};

describe('receipt pages', () => {
  it('shows a receipt’s rows and links its PDF', async () => {
    stubFetch({ 'GET /api/receipts/YC-C-000042': { status: 200, body: receipt } });
    renderRoute(<ReceiptPage />, {
      path: '/receipts/:number',
      url: '/receipts/YC-C-000042',
      user: makeUser(),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment for a visit: J$ 6,300.00' }),
    ).toBeTruthy();
    expect(screen.getByText('Visa ending 4242')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(
      '/api/receipts/YC-C-000042/pdf',
    );
  });

  it('says so when the receipt is not the reader’s (404)', async () => {
    stubFetch({
      'GET /api/receipts/YC-C-000043': { status: 404, body: { code: 'NOT_FOUND', message: 'x' } },
    });
    renderRoute(<ReceiptPage />, {
      path: '/receipts/:number',
      url: '/receipts/YC-C-000043',
      user: makeUser(),
    });
    expect(await screen.findByText('We could not find that receipt.')).toBeTruthy();
  });

  it('lists receipts, each linking its page', async () => {
    stubFetch({
      'GET /api/receipts': { status: 200, body: { receipts: [receipt], page: 1, pageSize: 20, total: 1 } },
    });
    renderRoute(<ReceiptsPage />, { path: '/receipts', user: makeUser() });
    const link = await screen.findByRole('link', { name: /Payment for a visit: J\$ 6,300\.00/ });
    expect(link.getAttribute('href')).toBe('/receipts/YC-C-000042');
  });
});
