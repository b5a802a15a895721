// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SupportTicket } from '../../../../shared/contracts/support';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { AdminTicketsPanel } from './admin-tickets-panel';

const ticket = (over: Partial<SupportTicket>): SupportTicket => ({
  id: 1,
  reference: 'YC-000001',
  userId: 5,
  name: 'Paula Brown',
  email: 'paula@example.test',
  category: 'bookings',
  subject: 'Moving a booking',
  message: 'Can I move it?',
  status: 'open',
  answer: null,
  answeredAt: null,
  closedAt: null,
  createdAt: '2026-11-24T15:00:00.000Z',
  priority: false,
  replyBy: '2026-11-25T15:00:00.000Z',
  ...over,
});

describe('AdminTicketsPanel', () => {
  it('marks a priority ticket and shows when each open ticket is promised a reply, in Jamaica time', async () => {
    stubFetch({
      'GET /api/admin/support/tickets': {
        body: {
          items: [
            ticket({ id: 2, reference: 'YC-000002', priority: true, replyBy: '2026-11-24T19:00:00.000Z' }),
            ticket({}),
          ],
          total: 2,
        },
      },
    });
    renderRoute(<AdminTicketsPanel />, { path: '/admin', user: makeUser({ userType: 'admin' }) });
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]).getByText('Priority')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('Reply promised by Tue, Nov 24, 2:00 PM (Jamaica time)');
    expect(within(items[1]).queryByText('Priority')).toBeNull();
    expect(items[1]).toHaveTextContent('Reply promised by Wed, Nov 25, 10:00 AM (Jamaica time)');
  });
});
