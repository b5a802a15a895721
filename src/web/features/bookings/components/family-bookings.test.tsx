// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToasts } from '../../../components/ui/use-toast';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { makeBooking, makeBookingCircle, makeSeriesVisits } from '../test-fixtures';
import { FamilyBookings } from './family-bookings';

/** Radix tabs switch on a primary-button mouse down. */
function openTab(name: string) {
  fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 });
}

describe('FamilyBookings', () => {
  it('shows the booking just made first, once, marked; the rest in tabs soonest first (issue 32)', async () => {
    const at = (id: number, date: string) =>
      makeBooking({
        id,
        status: 'pending',
        date,
        startsAt: `${date}T14:00:00.000Z`,
        endsAt: `${date}T16:00:00.000Z`,
      });
    stubFetch({
      'GET /api/bookings': { body: [at(3, '2099-09-01'), at(2, '2099-08-01'), at(1, '2099-07-01')] },
    });
    renderRoute(<FamilyBookings />, { path: '/bookings', url: '/bookings?booking=2', user: makeUser() });
    const justNow = await screen.findByRole('region', { name: 'Just now' });
    expect(within(justNow).getByTestId('booking-2')).toBeVisible();
    expect(screen.getAllByTestId('booking-2')).toHaveLength(1);
    const tab = screen.getByRole('tabpanel', { name: 'Needs action (2)' });
    expect(
      within(tab)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-testid')),
    ).toEqual(['booking-1', 'booking-3']);
  });

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
    openTab('Past (1)');
    expect(within(screen.getByTestId('booking-2')).getByText('Charged')).toBeInTheDocument();
  });

  const circles = (myRoles: string[]) => ({
    circles: [
      {
        id: 4,
        name: 'Mummy',
        recipientFirstName: 'Hyacinth',
        recipientParish: 'Manchester',
        recipientTown: 'Mandeville',
        myRoles,
      },
    ],
  });

  it('puts the payer’s approvals first: For Hyacinth, why, Approve sends it to the caregiver', async () => {
    const waiting = makeBooking({
      id: 11,
      status: 'awaiting_approval',
      familyId: 2,
      circle: makeBookingCircle(),
    });
    const approved = makeBooking({
      id: 12,
      status: 'pending',
      familyId: 2,
      circle: makeBookingCircle({
        approval: {
          state: 'approved',
          reason: 'over_cap',
          byFirstName: 'Sandra',
          at: '2099-06-02T14:00:00.000Z',
        },
        canApprove: false,
        canPay: true,
      }),
    });
    const own = makeBooking({ id: 13, status: 'pending' });
    const { calls } = stubFetch({
      'GET /api/bookings': { body: [waiting, approved, own] },
      'GET /api/circles': { body: circles(['payer']) },
      'POST /api/bookings/11/approve': { body: { ...waiting, status: 'pending' } },
    });
    renderRoute(<FamilyBookings />, { path: '/bookings', user: makeUser() });
    const section = await screen.findByRole('region', { name: 'Waiting for your approval (1)' });
    const card = within(section).getByTestId('booking-11');
    expect(card).toHaveTextContent('For Hyacinth (Mummy, Mandeville)');
    expect(card).toHaveTextContent('Awaiting approval');
    expect(card).toHaveTextContent(
      'ApprovalWaiting for a payer’s approval: the circle asks a payer to approve every booking.',
    );
    // Not theirs to pay yet, nor to cancel (a payer, not a coordinator), nor to message (not the booker).
    expect(within(card).queryByRole('link', { name: 'Pay now' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(within(card).queryByRole('link', { name: 'Message' })).toBeNull();

    // The rest in tabs: both unpaid, so both need action (pay), the first tab open.
    expect(screen.getByRole('tab', { name: 'Needs action (2)', selected: true })).toBeVisible();
    const other = screen.getByRole('tabpanel', { name: 'Needs action (2)' });
    const approvedCard = within(other).getByTestId('booking-12');
    expect(approvedCard).toHaveTextContent('Approved by Sandra');
    expect(within(approvedCard).getByRole('link', { name: 'Pay now' })).toHaveAttribute(
      'href',
      '/payment/12',
    );
    expect(within(approvedCard).queryByRole('button', { name: 'Approve' })).toBeNull();
    // Their own household's booking is as before.
    expect(
      within(within(other).getByTestId('booking-13')).getByRole('link', { name: 'Pay now' }),
    ).toBeVisible();

    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Booking approved' }));
    expect(getToasts()[0].description).toBe('Shanique now sees the request for Hyacinth.');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/bookings/11/approve')).toBe(true);
  });

  it('Decline asks first; a refusal (booked meanwhile, 409) shows the server’s message on the card', async () => {
    const waiting = makeBooking({
      id: 11,
      status: 'awaiting_approval',
      familyId: 2,
      circle: makeBookingCircle(),
    });
    const taken =
      'While this request waited for approval, the caregiver was booked for that time. Decline it and choose another time.';
    const { calls } = stubFetch({
      'GET /api/bookings': { body: [waiting] },
      'GET /api/circles': { body: circles(['payer']) },
      'POST /api/bookings/11/approve': { status: 409, body: { code: 'BOOKING_OVERLAP', message: taken } },
      'POST /api/bookings/11/decline-approval': { body: { ...waiting, status: 'declined' } },
    });
    renderRoute(<FamilyBookings />, { path: '/bookings', user: makeUser() });
    const card = await screen.findByTestId('booking-11');
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(taken);

    fireEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this booking?' });
    expect(dialog).toHaveTextContent('Shanique is not asked, nothing is charged');
    expect(calls.some((c) => c.url.endsWith('/decline-approval'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline booking' }));
    await waitFor(() => expect(getToasts()[0]).toMatchObject({ title: 'Booking declined' }));
    expect(
      calls.filter((c) => c.method === 'POST' && c.url === '/api/bookings/11/decline-approval'),
    ).toHaveLength(1);
  });

  it('a coordinator may cancel but not pay; a viewer sees neither, nor a payment status it is not told', async () => {
    const pending = (id: number, over: Parameters<typeof makeBookingCircle>[0]) =>
      makeBooking({
        id,
        status: 'pending',
        familyId: 1,
        circle: makeBookingCircle({ approval: null, canApprove: false, ...over }),
      });
    stubFetch({
      'GET /api/bookings': {
        body: [
          pending(21, { canCancel: true }),
          {
            ...pending(22, {}),
            familyId: 2,
            circle: makeBookingCircle({ id: 8, approval: null, canApprove: false }),
          },
          // Another coordinator's booking in my circle: its payment row waits for my roles.
          { ...pending(23, {}), familyId: 2 },
        ],
      },
      'GET /api/circles': {
        body: {
          circles: [{ ...circles(['coordinator']).circles[0] }, { ...circles([]).circles[0], id: 8 }],
        },
      },
    });
    renderRoute(<FamilyBookings />, { path: '/bookings', user: makeUser({ id: 1 }) });
    const mine = await screen.findByTestId('booking-21');
    expect(within(mine).getByRole('button', { name: 'Cancel booking' })).toBeVisible();
    expect(within(mine).queryByRole('link', { name: 'Pay now' })).toBeNull();
    expect(within(mine).getByRole('link', { name: 'Message' })).toBeVisible();
    expect(mine).toHaveTextContent('PaymentNot paid yet');
    const viewed = screen.getByTestId('booking-22');
    expect(within(viewed).queryByRole('button')).toBeNull();
    expect(within(viewed).queryByRole('link', { name: /Pay now|Message/ })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('booking-23')).toHaveTextContent('PaymentNot paid yet'));
    expect(within(screen.getByTestId('booking-23')).queryByRole('link', { name: 'Message' })).toBeNull();
    expect(viewed).not.toHaveTextContent('Payment');
  });

  it('a payer in Toronto reads the time there beside Jamaica’s, and a CAD estimate of what is charged in JMD', async () => {
    const waiting = makeBooking({
      id: 11,
      status: 'awaiting_approval',
      familyId: 2,
      circle: makeBookingCircle(),
    });
    const own = makeBooking({ id: 13, status: 'pending' });
    const { calls } = stubFetch({
      'GET /api/bookings': { body: [waiting, own] },
      'GET /api/circles': { body: circles(['payer']) },
      'GET /api/fx-rates': {
        body: {
          rates: [
            {
              currency: 'CAD',
              jmdPerUnit: '113.6000',
              rateDate: '2099-05-30',
              updatedAt: '2099-05-31T12:00:00Z',
            },
          ],
        },
      },
    });
    const user = makeUser({ timeZone: 'America/Toronto', currency: 'CAD' });
    renderRoute(<FamilyBookings />, { path: '/bookings', user });
    const card = await screen.findByTestId('booking-11');
    // 9:00 AM in Jamaica on 5 June 2099 is 10:00 AM in Toronto (daylight saving time there).
    expect(card).toHaveTextContent('9:00 AM – 11:00 AM Jamaica (2 h)');
    expect(within(card).getByTestId('booking-own-time')).toHaveTextContent('10:00 AM – 12:00 PM Toronto');
    expect(await within(card).findByTestId('booking-estimate')).toHaveTextContent(
      '≈ C$27.73 at J$ 113.60 per C$ on 30 May 2099 — you are charged J$ 3,150',
    );
    expect(card).toHaveTextContent('Estimate in CAD');
    // Their own household's booking: the time beside Jamaica's too, but no circle payer's estimate.
    const mine = screen.getByTestId('booking-13');
    expect(within(mine).getByTestId('booking-own-time')).toHaveTextContent('10:00 AM – 12:00 PM Toronto');
    expect(within(mine).queryByTestId('booking-estimate')).toBeNull();
    expect(calls.filter((c) => c.url === '/api/fx-rates')).toHaveLength(1);
  });

  it('a payer reading JMD, in Jamaica: no second time, no estimate, and the rates are never asked for', async () => {
    const waiting = makeBooking({
      id: 11,
      status: 'awaiting_approval',
      familyId: 2,
      circle: makeBookingCircle(),
    });
    const { calls } = stubFetch({
      'GET /api/bookings': { body: [waiting] },
      'GET /api/circles': { body: circles(['payer']) },
    });
    renderRoute(<FamilyBookings />, { path: '/bookings', user: makeUser() });
    const card = await screen.findByTestId('booking-11');
    expect(card).toHaveTextContent('9:00 AM – 11:00 AM (2 h)');
    expect(card).not.toHaveTextContent(/Jamaica \(|Estimate|≈/);
    expect(within(card).queryByTestId('booking-own-time')).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/circles')).toBe(true));
    expect(calls.some((c) => c.url === '/api/fx-rates')).toBe(false);
  });

  it('lists the family’s weekly series with a link, and each visit’s card says which visit it is', async () => {
    stubFetch({ 'GET /api/bookings': { body: [makeBooking({ id: 1 }), ...makeSeriesVisits(9, 3)] } });
    renderRoute(<FamilyBookings />, { user: makeUser() });
    const series = await screen.findByTestId('series-9');
    expect(screen.getByRole('heading', { name: 'Regular care (1)' })).toBeVisible();
    expect(series).toHaveTextContent('With Shanique W.: Mon, Wed, Fri at 8:00 AM, 4 h each');
    expect(within(series).getByRole('link', { name: 'See the series with Shanique' })).toHaveAttribute(
      'href',
      '/series/9',
    );
    const third = screen.getByTestId('booking-102');
    expect(within(third).getByRole('link', { name: 'Visit 3 of 3 of a weekly series' })).toBeVisible();
    expect(within(screen.getByTestId('booking-1')).queryByRole('link', { name: /weekly series/ })).toBeNull();
  });
});
