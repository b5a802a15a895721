// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { AdminDelivery } from '../../../../shared/contracts/deliveries';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { AdminDeliveriesPanel } from './admin-deliveries-panel';

const admin = makeUser({ userType: 'admin' });

function delivery(id: number, over: Partial<AdminDelivery> = {}): AdminDelivery {
  return {
    id,
    kind: 'booking.cancelled',
    channel: 'email',
    destination: 'tanya@example.com',
    subject: 'YaadCare: Booking cancelled',
    status: 'sent',
    createdAt: '2026-06-01T14:00:00.000Z',
    updatedAt: '2026-06-01T14:00:00.000Z',
    userId: 7,
    userEmail: 'tanya@example.com',
    attempts: 1,
    nextAttemptAt: '2026-06-01T14:02:00.000Z',
    provider: 'smtp',
    providerMessageId: 'email-1',
    lastError: null,
    critical: true,
    fallbackOf: null,
    sentAt: '2026-06-01T14:00:00.000Z',
    deliveredAt: null,
    ...over,
  };
}

const page = (items: AdminDelivery[]) => ({ body: { items, page: 1, pageSize: 25, total: items.length } });

/** axe on the rendered panel (colour contrast needs layout, which jsdom has not: the e2e sweep checks it). */
async function axeViolations(container: HTMLElement) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('AdminDeliveriesPanel', () => {
  it('lists deliveries with status, attempts and errors; retries a failed one with a toast; axe-clean', async () => {
    const failed = delivery(2, {
      channel: 'sms',
      destination: '+18765551234',
      status: 'failed',
      attempts: 6,
      lastError: 'provider 503',
      provider: 'twilio',
    });
    const { calls } = stubFetch({
      'GET /api/admin/deliveries': page([failed, delivery(1, { status: 'queued', attempts: 0 })]),
      'POST /api/admin/deliveries/2/retry': {
        body: { delivery: { ...failed, status: 'sent', attempts: 1, lastError: null } },
      },
    });
    const { container } = renderRoute(<AdminDeliveriesPanel />, { user: admin });
    const table = await screen.findByRole('table', { name: 'Deliveries, newest first' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Failed');
    expect(rows[1]).toHaveTextContent('6 attempts');
    expect(rows[1]).toHaveTextContent('provider 503');
    expect(rows[2]).toHaveTextContent('Queued');
    // A queued row is on its way: no retry for it.
    expect(within(rows[2]).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(await axeViolations(container)).toEqual([]);

    fireEvent.click(within(rows[1]).getByRole('button', { name: 'Retry SMS 2 to +18765551234' }));
    expect(await screen.findByText('Retried: sent')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/deliveries/2/retry')).toBe(true);
  });

  it('tells the admin when a retry is refused', async () => {
    stubFetch({
      'GET /api/admin/deliveries': page([delivery(3, { status: 'failed' })]),
      'POST /api/admin/deliveries/3/retry': {
        status: 409,
        body: { code: 'CONFLICT', message: 'This delivery is already waiting to be sent.', requestId: 'r' },
      },
    });
    renderRoute(<AdminDeliveriesPanel />, { user: admin });
    fireEvent.click(await screen.findByRole('button', { name: /^Retry E-mail 3/ }));
    expect(await screen.findByText('Not retried')).toBeInTheDocument();
  });

  it('filters by e-mail or user id, kind, channel and status', async () => {
    const { calls } = stubFetch({ 'GET /api/admin/deliveries': page([]) });
    const { container } = renderRoute(<AdminDeliveriesPanel />, { user: admin });
    expect(await screen.findByText('No deliveries match.')).toBeInTheDocument();
    expect(await axeViolations(container)).toEqual([]);
    fireEvent.change(screen.getByLabelText('User id or e-mail'), { target: { value: 'tanya@example.com' } });
    fireEvent.change(screen.getByLabelText(/Notice kind/), { target: { value: 'visit.no_show' } });
    fireEvent.change(screen.getByLabelText('Channel'), { target: { value: 'whatsapp' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe(
        '/api/admin/deliveries?page=1&email=tanya%40example.com&kind=visit.no_show&channel=whatsapp&status=failed',
      ),
    );
    fireEvent.change(screen.getByLabelText('User id or e-mail'), { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(calls.at(-1)?.url).toMatch(/^\/api\/admin\/deliveries\?page=1&userId=42&/));
  });

  it('says so when the log cannot be loaded', async () => {
    stubFetch({ 'GET /api/admin/deliveries': { status: 500, body: { message: 'boom' } } });
    renderRoute(<AdminDeliveriesPanel />, { user: admin });
    expect(await screen.findByText(/could not be loaded/)).toBeInTheDocument();
  });
});
