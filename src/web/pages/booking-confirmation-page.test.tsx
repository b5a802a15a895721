// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToasts } from '../components/ui/use-toast';
import { makeBooking, makeBookingCircle } from '../features/bookings/test-fixtures';
import { makeProfile } from '../test/caregivers';
import { makeUser, renderRoute, stubFetch } from '../test/render';
import BookingConfirmationPage from './booking-confirmation-page';

const CIRCLES = {
  circles: [
    {
      id: 4,
      name: 'Mummy',
      recipientFirstName: 'Hyacinth',
      recipientParish: 'Manchester',
      recipientTown: 'Mandeville',
      myRoles: ['coordinator'],
    },
  ],
};

describe('BookingConfirmationPage', () => {
  it('books for a circle’s recipient: circleId sent; over a payer’s cap it waits for approval, and says so', async () => {
    const { calls } = stubFetch({
      'GET /api/caregivers/5': { body: makeProfile() },
      'GET /api/circles': { body: CIRCLES },
      'POST /api/bookings': {
        status: 201,
        body: makeBooking({
          id: 40,
          status: 'awaiting_approval',
          circle: makeBookingCircle({
            canApprove: false,
            approval: { state: 'awaiting', reason: 'over_cap', byFirstName: null, at: null },
          }),
        }),
      },
    });
    renderRoute(<BookingConfirmationPage />, {
      path: '/booking-confirmation/:caregiverId',
      url: '/booking-confirmation/5',
      user: makeUser(),
    });
    fireEvent.click(await screen.findByRole('radio', { name: /Hyacinth, Mandeville/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/bookings'));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ caregiverId: 5, circleId: 4 });
    expect(getToasts()[0]).toMatchObject({
      title: 'Sent for approval',
      description: expect.stringContaining('past a payer’s monthly spending cap'),
    });
  });
});
