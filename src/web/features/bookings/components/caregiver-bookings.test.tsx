// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { makeBooking } from '../test-fixtures';
import { CaregiverBookings } from './caregiver-bookings';

describe('CaregiverBookings', () => {
  it('counts the tabs, shows the phone only for confirmed bookings, and Accept calls the server', async () => {
    const pending = makeBooking({ id: 1, status: 'pending' });
    const confirmed = makeBooking({
      id: 2,
      status: 'confirmed',
      family: { ...makeBooking().family, phone: '876-555-0101' },
    });
    const done = makeBooking({ id: 3, status: 'completed' });
    const { calls } = stubFetch({
      'GET /api/bookings': { body: [done, confirmed, pending] },
      'POST /api/bookings/1/accept': { body: { ...pending, status: 'confirmed' } },
    });
    renderRoute(<CaregiverBookings />, { user: makeUser({ userType: 'caregiver' }) });
    await screen.findByTestId('count-upcoming');
    expect(screen.getByTestId('count-upcoming')).toHaveTextContent('2');
    expect(screen.getByTestId('count-pending')).toHaveTextContent('1');
    expect(screen.getByTestId('count-completed')).toHaveTextContent('1');
    const confirmedCard = screen.getByTestId('booking-2');
    expect(within(confirmedCard).getByRole('link', { name: /Call 876-555-0101/ })).toHaveAttribute(
      'href',
      'tel:8765550101',
    );
    const pendingCard = screen.getByTestId('booking-1');
    expect(within(pendingCard).queryByRole('link', { name: /Call/ })).toBeNull();
    expect(within(pendingCard).getByRole('link', { name: /Message/ })).toHaveAttribute('href', '/chat/1');
    fireEvent.click(within(pendingCard).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/bookings/1/accept')).toBe(true),
    );
  });
});
