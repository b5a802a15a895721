// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToasts } from '../../../components/ui/use-toast';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { makeBooking } from '../test-fixtures';
import { MoveBookingButton, mayMove } from './move-booking-button';

const HOUR = 3_600_000;
const inHours = (h: number) => {
  const startsAt = new Date(Date.now() + h * HOUR);
  return { startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 2 * HOUR).toISOString() };
};
const emergency = {
  id: 2,
  kind: 'hurricane' as const,
  parishes: ['Portland'],
  endsAt: '2099-06-06T05:00:00.000Z',
  message: 'Hurricane warning',
  warning: 'A parish emergency covers this booking: no fee to cancel.',
};

describe('MoveBookingButton', () => {
  it('is offered from 24 hours ahead, and later only when a parish emergency covers the booking', () => {
    expect(mayMove(makeBooking({ status: 'confirmed', ...inHours(30) }))).toBe(true);
    expect(mayMove(makeBooking({ status: 'confirmed', ...inHours(10) }))).toBe(false);
    expect(mayMove(makeBooking({ status: 'confirmed', ...inHours(10), emergency }))).toBe(true);
    expect(mayMove(makeBooking({ status: 'confirmed', ...inHours(-1), emergency }))).toBe(false);
    expect(mayMove(makeBooking({ status: 'cancelled', ...inHours(30) }))).toBe(false);
  });

  it('moves the booking to the chosen date and time, saying it goes back to the caregiver', async () => {
    const booking = makeBooking({ id: 12, status: 'confirmed' });
    const { calls } = stubFetch({
      'POST /api/bookings/12/reschedule': { body: { ...booking, date: '2099-06-12', status: 'pending' } },
    });
    renderRoute(<MoveBookingButton booking={booking} />, { path: '/bookings', user: makeUser() });
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'goes back to Shanique as a request. If Shanique declines or does not answer within 24 hours',
    );
    expect(screen.getByLabelText('New date')).toHaveValue('2099-06-05');
    expect(screen.getByLabelText('Start time')).toHaveValue('9:00 AM');
    fireEvent.change(screen.getByLabelText('New date'), { target: { value: '2099-06-12' } });
    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '10:00 AM' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ date: '2099-06-12', startTime: '10:00 AM' });
    expect(getToasts().at(-1)?.description).toContain('Shanique is asked to accept the new time');
  });

  it('offers "Postpone" to the day after the emergency ends, and shows the server’s refusal in the dialog', async () => {
    const booking = makeBooking({ id: 13, status: 'confirmed', emergency });
    stubFetch({
      'POST /api/bookings/13/reschedule': {
        status: 409,
        body: { code: 'BOOKING_OVERLAP', message: 'That time overlaps another booking.' },
      },
    });
    renderRoute(<MoveBookingButton booking={booking} />, { path: '/bookings', user: makeUser() });
    fireEvent.click(screen.getByRole('button', { name: 'Postpone' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('can be postponed even at short notice');
    expect(screen.getByLabelText('New date')).toHaveValue('2099-06-07');
    fireEvent.click(screen.getByRole('button', { name: 'Postpone booking' }));
    expect(await screen.findByText('That time overlaps another booking.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
