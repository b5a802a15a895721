// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jamaicaToday } from '../../../../shared/time';
import { makeProfile } from '../../../test/caregivers';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { caregiverActions, familyActions, mayAnswerProposal } from '../sections';
import { makeBooking, makeBookingCircle } from '../test-fixtures';
import { BookingPanel } from './booking-panel';
import { CaregiverBookings } from './caregiver-bookings';
import { proposalText } from './counter-proposal';
import { FamilyBookings } from './family-bookings';
import { trialAllowed } from './trial-visit-choice';

/** Radix tabs switch on a primary-button mouse down. */
async function openTab(name: string | RegExp) {
  fireEvent.mouseDown(await screen.findByRole('tab', { name }), { button: 0 });
}

const held = {
  id: 3,
  method: 'card',
  status: 'authorized',
  amount: '3150.00',
  cardBrand: 'visa',
  cardLast4: '4242',
  reference: null,
};

const proposal = {
  id: 11,
  date: '2099-12-08',
  startTime: '10:00',
  endTime: '13:00',
  note: 'Mornings suit me better.',
  status: 'open' as const,
  totalCost: '4725.00',
};

/** Counter-proposals and trial visits on the booking cards (issue 33, ADR 0048). */
describe('counter-proposals on the cards', () => {
  it('the caregiver proposes another time from a pending request: date, start, end and a note', async () => {
    const pending = makeBooking({ id: 1, status: 'pending' });
    const { calls } = stubFetch({
      'GET /api/bookings': { body: [pending] },
      'POST /api/bookings/1/counter-proposal': { status: 201, body: { id: 11, status: 'open' } },
    });
    renderRoute(<CaregiverBookings />, { user: makeUser({ userType: 'caregiver' }) });
    const card = await screen.findByTestId('booking-1');
    fireEvent.click(within(card).getByRole('button', { name: 'Propose another time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose another time' });
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2099-12-08' } });
    fireEvent.change(within(dialog).getByLabelText('Start'), { target: { value: '10:00 AM' } });
    fireEvent.change(within(dialog).getByLabelText('End'), { target: { value: '1:00 PM' } });
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), {
      target: { value: 'Mornings suit me better.' },
    });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        date: '2099-12-08',
        startTime: '10:00 AM',
        endTime: '1:00 PM',
        note: 'Mornings suit me better.',
      }),
    );
  });

  it('refuses an end before the start without asking the server', async () => {
    stubFetch({ 'GET /api/bookings': { body: [makeBooking({ id: 1, status: 'pending' })] } });
    renderRoute(<CaregiverBookings />, { user: makeUser({ userType: 'caregiver' }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Propose another time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Propose another time' });
    fireEvent.change(within(dialog).getByLabelText('Start'), { target: { value: '2:00 PM' } });
    fireEvent.change(within(dialog).getByLabelText('End'), { target: { value: '1:00 PM' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    expect(
      await within(dialog).findByText('The end must be at least an hour after the start.'),
    ).toBeVisible();
  });

  it('the caregiver reads that the family is asked; the request no longer needs the caregiver', async () => {
    const asked = makeBooking({ id: 1, status: 'pending', counterProposal: proposal });
    expect(caregiverActions(asked, new Date('2099-01-01'), '2099-01-01')).toEqual([]);
    stubFetch({ 'GET /api/bookings': { body: [asked] } });
    renderRoute(<CaregiverBookings />, { user: makeUser({ userType: 'caregiver' }) });
    const note = await screen.findByTestId('counter-proposal-1');
    expect(note).toHaveTextContent('You proposed Tue 8 Dec, 10:00 AM–1:00 PM instead');
    expect(note).toHaveTextContent('Waiting for the family');
    expect(within(note).queryByRole('button', { name: 'Accept new time' })).toBeNull();
  });

  it('the family sees the proposal in Needs action and accepts it', async () => {
    const asked = makeBooking({ id: 1, status: 'pending', payment: held, counterProposal: proposal });
    const { calls } = stubFetch({
      'GET /api/bookings': { body: [asked] },
      'POST /api/bookings/1/counter-proposal/accept': {
        body: { ...asked, status: 'confirmed', counterProposal: undefined },
      },
    });
    renderRoute(<FamilyBookings />, { path: '/bookings', url: '/bookings', user: makeUser() });
    const tab = await screen.findByRole('tabpanel', { name: 'Needs action (1)' });
    const note = within(tab).getByTestId('counter-proposal-1');
    expect(note).toHaveTextContent('Shanique proposed Tue 8 Dec, 10:00 AM–1:00 PM instead');
    expect(note).toHaveTextContent('“Mornings suit me better.”');
    expect(note).toHaveTextContent('J$ 4,725');
    fireEvent.click(within(note).getByRole('button', { name: 'Accept new time' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.method === 'POST' && c.url === '/api/bookings/1/counter-proposal/accept'),
      ).toBe(true),
    );
  });

  it('the family declines it', async () => {
    const asked = makeBooking({ id: 1, status: 'pending', payment: held, counterProposal: proposal });
    const { calls } = stubFetch({
      'GET /api/bookings': { body: [asked] },
      'POST /api/bookings/1/counter-proposal/decline': { body: { ...asked, counterProposal: undefined } },
    });
    renderRoute(<FamilyBookings />, { path: '/bookings', url: '/bookings', user: makeUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline new time' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/bookings/1/counter-proposal/decline')).toBe(true),
    );
  });

  it('who answers in a care circle: coordinators and payers, never a viewer', () => {
    const circle = makeBooking({
      id: 1,
      status: 'pending',
      payment: held,
      counterProposal: proposal,
      circle: makeBookingCircle({ canApprove: false, canPay: false }),
    });
    expect(mayAnswerProposal(circle, ['coordinator'])).toBe(true);
    expect(mayAnswerProposal(circle, ['payer'])).toBe(true);
    expect(mayAnswerProposal(circle, [])).toBe(false);
    expect(mayAnswerProposal(circle, undefined)).toBe(false);
    expect(familyActions(circle, 2, [], new Date('2099-01-01'))).not.toContain('proposal');
    expect(familyActions(circle, 2, ['payer'], new Date('2099-01-01'))[0]).toBe('proposal');
    // A closed proposal asks nothing.
    const closed = makeBooking({ status: 'pending', counterProposal: { ...proposal, status: 'declined' } });
    expect(proposalText(closed)).toBeUndefined();
    expect(mayAnswerProposal(closed, undefined)).toBe(false);
  });
});

describe('trial visits on the cards', () => {
  it('End after trial asks first, says no fees apply, and sends the reason', async () => {
    const trial = makeBooking({
      id: 2,
      status: 'completed',
      date: '2099-01-02',
      startsAt: '2099-01-02T14:00:00.000Z',
      endsAt: '2099-01-02T17:00:00.000Z',
      isTrial: true,
      trialEnd: { canEnd: true, deadline: '2099-01-16T17:00:00.000Z' },
    });
    const { calls } = stubFetch({
      'GET /api/bookings': { body: [trial] },
      'POST /api/bookings/2/end-after-trial': { body: { bookingId: 2, cancelledBookingIds: [5, 6] } },
    });
    renderRoute(<FamilyBookings />, { path: '/bookings', url: '/bookings', user: makeUser() });
    await openTab(/Past/);
    const card = await screen.findByTestId('booking-2');
    expect(card).toHaveTextContent('Trial visit');
    fireEvent.click(within(card).getByRole('button', { name: 'End after trial' }));
    const dialog = await screen.findByRole('dialog', { name: 'End things after the trial?' });
    expect(dialog).toHaveTextContent('No cancellation fees apply to either side');
    fireEvent.change(within(dialog).getByLabelText('Reason (optional)'), { target: { value: 'Too far' } });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'End after trial' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/bookings/2/end-after-trial')?.body).toEqual({
        reason: 'Too far',
      }),
    );
  });

  it('no End after trial once the window closed, and a trial only before a completed visit', async () => {
    const late = makeBooking({
      id: 2,
      status: 'completed',
      isTrial: true,
      trialEnd: { canEnd: false, deadline: '2099-01-16T17:00:00.000Z' },
    });
    stubFetch({ 'GET /api/bookings': { body: [late] } });
    renderRoute(<CaregiverBookings />, { user: makeUser({ userType: 'caregiver' }) });
    await openTab(/Completed/);
    const card = await screen.findByTestId('booking-2');
    expect(within(card).queryByRole('button', { name: 'End after trial' })).toBeNull();
    expect(trialAllowed([late], 5, undefined)).toBe(false);
    expect(trialAllowed([late], 6, undefined)).toBe(true);
    expect(trialAllowed([makeBooking({ status: 'confirmed' })], 5, undefined)).toBe(true);
  });

  it('the booking panel offers a trial only while allowed, up to 3 hours, and sends isTrial', async () => {
    sessionStorage.clear();
    const day = new Date(`${jamaicaToday()}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 3);
    const date = day.toISOString().slice(0, 10);
    const profile = makeProfile();
    const { calls } = stubFetch({
      'GET /api/bookings': { body: [] },
      'POST /api/bookings': { status: 201, body: makeBooking({ id: 40, isTrial: true }) },
    });
    renderRoute(<BookingPanel caregiver={profile} />, {
      path: '/caregiver/:id',
      url: '/caregiver/5',
      user: makeUser(),
    });
    await screen.findByRole('checkbox', { name: /This is a trial visit \(up to 3 hours\)/ });
    fireEvent.change(screen.getByLabelText('Duration'), { target: { value: '4' } });
    expect(screen.queryByRole('checkbox', { name: /trial visit/ })).toBeNull();
    fireEvent.change(screen.getByLabelText('Duration'), { target: { value: '3' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: /trial visit/ }));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: date } });
    fireEvent.change(screen.getByLabelText('Start time'), { target: { value: '9:00 AM' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request Booking' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.url === '/api/bookings')?.body).toMatchObject({
        isTrial: true,
        duration: 3,
      }),
    );
  });

  it('no trial choice after a completed visit with the caregiver', async () => {
    sessionStorage.clear();
    const profile = makeProfile();
    const done = makeBooking({ id: 41, status: 'completed', caregiverId: profile.id });
    stubFetch({ 'GET /api/bookings': { body: [done] } });
    renderRoute(<BookingPanel caregiver={profile} />, {
      path: '/caregiver/:id',
      url: '/caregiver/5',
      user: makeUser(),
    });
    await screen.findByRole('button', { name: 'Request Booking' });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('checkbox', { name: /trial visit/ })).toBeNull();
  });
});
