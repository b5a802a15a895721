// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { makeBooking } from '../test-fixtures';
import { FamilyBookings } from './family-bookings';

describe('FamilyBookings', () => {
  it('says a card is held (not paid) until the service, and every amount carries J$', async () => {
    const held = makeBooking({
      id: 1,
      status: 'confirmed',
      payment: {
        id: 3,
        method: 'card',
        status: 'authorized',
        amount: '3150.00',
        cardBrand: 'visa',
        cardLast4: '4242',
        reference: null,
      },
    });
    const charged = makeBooking({
      id: 2,
      status: 'completed',
      payment: { ...held.payment!, id: 4, status: 'captured' },
    });
    stubFetch({ 'GET /api/bookings': { body: [held, charged] } });
    renderRoute(<FamilyBookings />, { path: '/bookings', user: makeUser() });
    const first = await screen.findByTestId('booking-1');
    expect(first).toHaveTextContent('PaymentCard held');
    expect(first).toHaveTextContent('TotalJ$ 3,150');
    expect(first).not.toHaveTextContent(/paid/i);
    expect(within(screen.getByTestId('booking-2')).getByText('Charged')).toBeInTheDocument();
  });
});
