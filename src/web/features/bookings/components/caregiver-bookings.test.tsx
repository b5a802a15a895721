// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { makeBooking, makeCaregiverCircle, makeSeriesVisits } from '../test-fixtures';
import { CaregiverBookings } from './caregiver-bookings';

describe('CaregiverBookings', () => {
  it('says an unpaid request is unpaid and what follows; Decline asks first and sends the reason (issue 32)', async () => {
    const pending = makeBooking({ id: 1, status: 'pending' });
    const declined = makeBooking({ id: 4, status: 'declined', date: '2099-01-02' });
    const cancelled = makeBooking({ id: 5, status: 'cancelled', date: '2099-01-03' });
    const { calls } = stubFetch({
      'GET /api/bookings': { body: [cancelled, declined, pending] },
      'POST /api/bookings/1/decline': { body: { ...pending, status: 'declined' } },
    });
    renderRoute(<CaregiverBookings />, { user: makeUser({ userType: 'caregiver' }) });
    const card = await screen.findByTestId('booking-1');
    expect(within(card).getByTestId('caregiver-payment')).toHaveTextContent('Not paid yet');
    expect(card).toHaveTextContent(
      'You may accept before they pay. You are paid out only once their payment is taken',
    );
    // Declined and cancelled bookings have a tab of their own.
    expect(screen.getByRole('tab', { name: 'Cancelled & declined (2)' })).toBeVisible();

    fireEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this request?' });
    expect(dialog).toHaveTextContent('Declining cannot be undone');
    expect(within(dialog).getByRole('link', { name: 'Message to suggest another time' })).toHaveAttribute(
      'href',
      '/chat/1',
    );
    // Nothing is sent until they confirm.
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'It is too far for me to travel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url === '/api/bookings/1/decline')?.body).toEqual({
        reason: 'too_far',
      }),
    );
  });

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

  it('a care circle’s booking is care for its recipient: needs and notes first, address and contact once confirmed', async () => {
    const asked = makeBooking({ id: 1, status: 'pending', circle: makeCaregiverCircle(false) });
    const confirmed = makeBooking({
      id: 2,
      status: 'confirmed',
      circle: makeCaregiverCircle(true),
      family: { ...makeBooking().family, phone: '876-555-0101' },
    });
    stubFetch({ 'GET /api/bookings': { body: [confirmed, asked] } });
    renderRoute(<CaregiverBookings />, { user: makeUser({ userType: 'caregiver' }) });
    const pending = await screen.findByTestId('booking-1');
    expect(within(pending).getByRole('heading', { name: 'Care for Hyacinth (Mandeville)' })).toBeVisible();
    expect(pending).toHaveTextContent('Mandeville, Manchester');
    expect(pending).toHaveTextContent('NeedsHelp with bathing and meals');
    expect(pending).toHaveTextContent('Care notesLikes the radio on');
    expect(pending).toHaveTextContent('AddressShown here once you accept.');
    expect(pending).toHaveTextContent('ContactNatalie Robinson');
    expect(pending).not.toHaveTextContent(/Caledonia|Marcia|Campbell|Mummy|approv/i);

    const booked = screen.getByTestId('booking-2');
    expect(booked).toHaveTextContent('NameHyacinth Campbell');
    expect(booked).toHaveTextContent('Address12 Caledonia Road');
    expect(within(booked).getByRole('link', { name: /876-555-0199/ })).toHaveAttribute(
      'href',
      'tel:8765550199',
    );
    expect(booked).toHaveTextContent('Emergency contactMarcia Brown');
    expect(booked).not.toHaveTextContent(/Mummy|approv/i);
  });

  it('a series waiting for the answer is one card that leads to its page; accepted visits say which visit they are', async () => {
    const asked = makeSeriesVisits(9, 6, { status: 'pending' });
    const accepted = makeSeriesVisits(8, 3, { status: 'confirmed' }, 200);
    const single = makeBooking({ id: 1, status: 'pending' });
    stubFetch({ 'GET /api/bookings': { body: [single, ...asked, ...accepted] } });
    renderRoute(<CaregiverBookings />, { user: makeUser({ userType: 'caregiver' }) });
    const card = await screen.findByTestId('series-request-9');
    expect(screen.getAllByTestId(/^series-request-/)).toHaveLength(1);
    expect(screen.queryByTestId('booking-100')).toBeNull();
    expect(card).toHaveTextContent('Every weekMon, Wed, Fri at 8:00 AM, 4 h each (Jamaica time)');
    expect(card).toHaveTextContent('6 visits, Monday, 8 June 2099 to Friday, 19 June 2099');
    expect(card).toHaveTextContent(/You earnJ\$\s?24,000 in all/);
    expect(within(card).getByRole('link', { name: 'Accept or decline the series' })).toHaveAttribute(
      'href',
      '/series/9',
    );
    // Upcoming: the single request, the series as one card, three confirmed visits.
    expect(screen.getByTestId('count-upcoming')).toHaveTextContent('5');
    expect(screen.getByTestId('count-pending')).toHaveTextContent('2');
    const second = screen.getByTestId('booking-201');
    expect(within(second).getByRole('link', { name: 'Visit 2 of 3 of a weekly series' })).toHaveAttribute(
      'href',
      '/series/8',
    );
  });
});
