// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { makeBooking } from '../../bookings/test-fixtures';
import { RebookButton } from './rebook-button';

const last = { date: '2026-11-17', startTime: '14:00', duration: 5, notes: 'Pick up Kayla first' };

describe('RebookButton', () => {
  it('on Basic, says one-tap rebooking is part of the Family Plan and sends nothing', async () => {
    const { calls } = stubFetch({ 'GET /api/favourites/3/rebook': { body: { allowed: false, last } } });
    renderRoute(<RebookButton caregiverId={3} firstName="Odessa" />, {
      path: '/dashboard',
      user: makeUser(),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Book again with Odessa' }));
    expect(await screen.findByText(/part of the Family Plan/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the Family Plan' })).toHaveAttribute(
      'href',
      '/pricing#plans',
    );
    expect(screen.queryByRole('button', { name: 'Send request' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('on the Family Plan, repeats the last booking on the chosen date and goes on to payment', async () => {
    const { calls } = stubFetch({
      'GET /api/favourites/3/rebook': { body: { allowed: true, last } },
      'POST /api/favourites/3/rebook': { status: 201, body: makeBooking({ id: 77, status: 'pending' }) },
    });
    renderRoute(<RebookButton caregiverId={3} firstName="Odessa" />, {
      path: '/dashboard',
      user: makeUser(),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Book again with Odessa' }));
    expect(await screen.findByText(/5 hours, with your notes \(“Pick up Kayla first”\)/)).toBeInTheDocument();
    expect(screen.getByLabelText('Start time')).toHaveValue('2:00 PM');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2099-01-08' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      date: '2099-01-08',
      startTime: '2:00 PM',
    });
    expect(await screen.findByTestId('location')).toHaveTextContent('/payment/77');
  });

  it('with nothing to repeat, leads to the profile', async () => {
    stubFetch({ 'GET /api/favourites/3/rebook': { body: { allowed: true, last: null } } });
    renderRoute(<RebookButton caregiverId={3} firstName="Odessa" />, {
      path: '/dashboard',
      user: makeUser(),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Book again with Odessa' }));
    expect(await screen.findByRole('link', { name: "Open Odessa's profile" })).toHaveAttribute(
      'href',
      '/caregiver/3',
    );
  });
});
