// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jamaicaToday } from '../../../../shared/time';
import { getToasts } from '../../../components/ui/use-toast';
import { makeProfile } from '../../../test/caregivers';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { makeBooking, makeBookingCircle } from '../test-fixtures';
import { BookingPanel } from './booking-panel';

const PATH = '/caregiver/:id';
const URL_ = '/caregiver/5';

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
    // Paying is not booking: a circle where I only pay is not offered.
    {
      id: 6,
      name: 'Uncle Roy',
      recipientFirstName: 'Roy',
      recipientParish: 'St. Ann',
      recipientTown: 'Ocho Rios',
      myRoles: ['payer'],
    },
  ],
};

beforeEach(() => sessionStorage.clear());

function tomorrow() {
  const d = new Date(`${jamaicaToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function fillIn() {
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: tomorrow() } });
  fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '9:00 AM' } });
}

describe('Who is this care for? (booking panel)', () => {
  it('offers my household and the circles I coordinate, says what the caregiver sees, and sends circleId', async () => {
    const awaiting = makeBooking({
      id: 31,
      status: 'awaiting_approval',
      circle: makeBookingCircle({ canApprove: false }),
    });
    const { calls } = stubFetch({
      'GET /api/circles': { body: CIRCLES },
      'POST /api/bookings': { status: 201, body: awaiting },
    });
    renderRoute(<BookingPanel caregiver={makeProfile()} />, { path: PATH, url: URL_, user: makeUser() });
    const group = await screen.findByRole('group', { name: 'Who is this care for?' });
    const household = screen.getByRole('radio', { name: 'My household' });
    expect(household).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Roy/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /Hyacinth, Mandeville/ }));
    expect(group).toHaveAccessibleDescription(
      /sees Hyacinth’s needs and care notes with the request, and the address and emergency contact once they accept/,
    );
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Request Booking' }));
    // Waiting for a payer: no payment page, and the truth about who sees what, and why.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/bookings'));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ caregiverId: 5, circleId: 4 });
    expect(getToasts()[0]).toMatchObject({
      title: 'Sent for approval',
      description: expect.stringMatching(
        /A payer in the circle must approve this booking for Hyacinth because the circle asks a payer to approve every booking. Shanique sees the request only after that\./,
      ),
    });
  });

  it('sends no circleId for my household, and goes on to payment', async () => {
    const { calls } = stubFetch({
      'GET /api/circles': { body: CIRCLES },
      'POST /api/bookings': { status: 201, body: makeBooking({ id: 32 }) },
    });
    renderRoute(<BookingPanel caregiver={makeProfile()} />, { path: PATH, url: URL_, user: makeUser() });
    await screen.findByRole('group', { name: 'Who is this care for?' });
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Request Booking' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/payment/32'));
    expect(calls.find((c) => c.method === 'POST')?.body).not.toHaveProperty('circleId');
  });

  it('asks nothing, and fetches no circles, for visitors and caregivers; nor for a family coordinating none', async () => {
    const { calls } = stubFetch({ 'GET /api/circles': { body: { circles: [CIRCLES.circles[1]] } } });
    const visitor = renderRoute(<BookingPanel caregiver={makeProfile()} />, {
      path: PATH,
      url: URL_,
      user: null,
    });
    visitor.unmount();
    const carer = renderRoute(<BookingPanel caregiver={makeProfile()} />, {
      path: PATH,
      url: URL_,
      user: makeUser({ userType: 'caregiver' }),
    });
    carer.unmount();
    expect(calls.filter((c) => c.url.startsWith('/api/circles'))).toEqual([]);
    renderRoute(<BookingPanel caregiver={makeProfile()} />, { path: PATH, url: URL_, user: makeUser() });
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/circles')).toHaveLength(1));
    expect(screen.queryByRole('group', { name: 'Who is this care for?' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Request Booking' })).toBeEnabled();
  });
});
