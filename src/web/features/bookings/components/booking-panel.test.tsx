// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jamaicaToday } from '../../../../shared/time';
import { getToasts } from '../../../components/ui/use-toast';
import { makeProfile } from '../../../test/caregivers';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { BookingPanel } from './booking-panel';

const PATH = '/caregiver/:id';
const URL_ = '/caregiver/5';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

function pick(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function tomorrow() {
  const d = new Date(`${jamaicaToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function costRows() {
  const box = screen.getByRole('region', { name: 'Cost breakdown' });
  return {
    subtotal: within(box).getByTestId('cost-subtotal').textContent,
    fee: within(box).getByTestId('cost-fee').textContent,
    total: within(box).getByTestId('cost-total').textContent,
  };
}

describe('BookingPanel', () => {
  it('shows the Missing Information toast and sends nothing without a date and time', () => {
    const { calls } = stubFetch();
    renderRoute(<BookingPanel caregiver={makeProfile()} />, { path: PATH, url: URL_, user: makeUser() });
    fireEvent.click(screen.getByRole('button', { name: 'Request Booking' }));
    expect(getToasts()[0]).toMatchObject({
      title: 'Missing Information',
      description: 'Please select a date and time for your booking.',
    });

    // A date alone is still not enough.
    pick('Date', tomorrow());
    fireEvent.click(screen.getByRole('button', { name: 'Request Booking' }));
    expect(getToasts()[0]).toMatchObject({ title: 'Missing Information' });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('keeps past dates out: the picker starts today in Jamaica', () => {
    stubFetch();
    renderRoute(<BookingPanel caregiver={makeProfile()} />, { path: PATH, url: URL_, user: makeUser() });
    expect(screen.getByLabelText('Date')).toHaveAttribute('min', jamaicaToday());
    pick('Date', '2001-01-01');
    pick('Start time', '9:00 AM');
    fireEvent.click(screen.getByRole('button', { name: 'Request Booking' }));
    expect(screen.getByLabelText('Date')).toHaveAccessibleDescription(
      'The date must be today or later (Jamaica time).',
    );
  });

  it('a past date gets its own message, not "select a date and time", and sends nothing', () => {
    const { calls } = stubFetch();
    renderRoute(<BookingPanel caregiver={makeProfile()} />, { path: PATH, url: URL_, user: makeUser() });
    pick('Date', '2001-01-01');
    fireEvent.click(screen.getByRole('button', { name: 'Request Booking' }));
    expect(getToasts()[0]).toMatchObject({
      title: 'Choose another date',
      description: 'The date must be today or later (Jamaica time).',
    });
    const date = screen.getByLabelText('Date');
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveAccessibleDescription('The date must be today or later (Jamaica time).');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('judges "today" by the clock in Jamaica: a start time already past there is refused', () => {
    // 2026-11-23 at 15:30 in Jamaica (20:30 UTC); in Tokyo it is already the 24th.
    vi.useFakeTimers({ now: new Date('2026-11-23T20:30:00Z'), toFake: ['Date'] });
    try {
      const { calls } = stubFetch();
      renderRoute(<BookingPanel caregiver={makeProfile()} />, { path: PATH, url: URL_, user: makeUser() });
      expect(screen.getByLabelText('Date')).toHaveAttribute('min', '2026-11-23');
      pick('Date', '2026-11-22');
      pick('Start time', '9:00 AM');
      fireEvent.click(screen.getByRole('button', { name: 'Request Booking' }));
      expect(getToasts()[0]).toMatchObject({
        description: 'The date must be today or later (Jamaica time).',
      });

      pick('Date', '2026-11-23');
      pick('Start time', '2:00 PM');
      fireEvent.click(screen.getByRole('button', { name: 'Request Booking' }));
      expect(getToasts()[0]).toMatchObject({
        title: 'Choose another time',
        description: 'That start time has already passed. Choose a later time.',
      });
      expect(screen.getByLabelText('Start time')).toHaveAttribute('aria-invalid', 'true');
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('updates the end time and cost breakdown with the duration (default 2 hours)', () => {
    stubFetch();
    renderRoute(<BookingPanel caregiver={makeProfile({ hourlyRate: '1250.00' })} />, {
      path: PATH,
      url: URL_,
      user: makeUser(),
    });
    expect(screen.getByLabelText('Duration')).toHaveValue('2');
    expect(costRows()).toEqual({ subtotal: 'J$ 2,500', fee: 'J$ 125', total: 'J$ 2,625' });
    pick('Start time', '8:00 PM');
    expect(screen.getByText('10:00 PM')).toBeInTheDocument();
    pick('Duration', '3');
    expect(costRows()).toEqual({ subtotal: 'J$ 3,750', fee: 'J$ 188', total: 'J$ 3,938' });
    expect(screen.getByText('11:00 PM')).toBeInTheDocument();
    pick('Duration', '12');
    expect(costRows()).toEqual({ subtotal: 'J$ 15,000', fee: 'J$ 750', total: 'J$ 15,750' });
    expect(screen.getByText(/next day/)).toBeInTheDocument();
  });

  it('sends a signed-out visitor to log in, coming back to the profile', () => {
    const { calls } = stubFetch();
    renderRoute(<BookingPanel caregiver={makeProfile()} />, { path: PATH, url: URL_, user: null });
    pick('Date', tomorrow());
    pick('Start time', '9:00 AM');
    fireEvent.click(screen.getByRole('button', { name: 'Request Booking' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('posts the spec payload, says Sending Request... and goes to payment', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls, fetchMock } = stubFetch({ 'POST /api/bookings': { status: 201, body: { id: 77 } } });
    const original = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (...args) => {
      await gate;
      return original!(...args);
    });
    renderRoute(<BookingPanel caregiver={makeProfile()} />, { path: PATH, url: URL_, user: makeUser() });
    const date = tomorrow();
    pick('Date', date);
    pick('Start time', '9:00 AM');
    pick('Duration', '4');
    pick(/Special requests/, '  Please bring a car seat.  ');
    fireEvent.click(screen.getByRole('button', { name: 'Request Booking' }));
    const pending = await screen.findByRole('button', { name: 'Sending Request...' });
    expect(pending).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/payment/77'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/bookings');
    expect(post?.body).toEqual({
      caregiverId: 5,
      date,
      startTime: '9:00 AM',
      endTime: '1:00 PM',
      duration: 4,
      totalCost: '6300.00',
      notes: 'Please bring a car seat.',
    });
    expect(getToasts()[0]).toMatchObject({ title: 'Booking Request Created!' });
  });

  const GENERIC = 'There was an error processing your booking. Please try again.';
  it.each([
    { status: 500, message: 'boom', shown: GENERIC },
    // The server's reason when it refuses the request (e.g. the device's clock is ahead of Jamaica's).
    {
      status: 400,
      message: 'The date must be today or later (Jamaica time).',
      shown: 'The date must be today or later (Jamaica time).',
    },
  ])(
    'shows the Booking Failed toast when the request fails ($status)',
    async ({ status, message, shown }) => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      stubFetch({ 'POST /api/bookings': { status, body: { message } } });
      renderRoute(<BookingPanel caregiver={makeProfile()} />, { path: PATH, url: URL_, user: makeUser() });
      pick('Date', tomorrow());
      pick('Start time', '9:00 AM');
      fireEvent.click(screen.getByRole('button', { name: 'Request Booking' }));
      await waitFor(() =>
        expect(getToasts()[0]).toMatchObject({
          title: 'Booking Failed',
          description: shown,
          variant: 'destructive',
        }),
      );
      expect(screen.getByRole('button', { name: 'Request Booking' })).toBeEnabled();
    },
  );

  it('disables the panel when the caregiver is not taking bookings', () => {
    stubFetch();
    renderRoute(<BookingPanel caregiver={makeProfile({ isAvailable: false })} />, {
      path: PATH,
      url: URL_,
      user: makeUser(),
    });
    expect(screen.getByText(/is not taking bookings right now/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Booking' })).toBeDisabled();
    expect(screen.getByLabelText('Date')).toBeDisabled();
  });

  it('offers regular care beside the single booking; the choice is kept in this tab', async () => {
    stubFetch();
    const { unmount } = renderRoute(<BookingPanel caregiver={makeProfile()} />, {
      path: PATH,
      url: URL_,
      user: makeUser(),
    });
    const choice = screen.getByRole('group', { name: 'How often?' });
    expect(within(choice).getByRole('radio', { name: 'One visit' })).toBeChecked();
    fireEvent.click(within(choice).getByRole('radio', { name: 'Regular care (repeats weekly)' }));
    expect(await screen.findByRole('form', { name: 'Regular care' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Request regular care' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Request Booking' })).toBeNull();
    unmount();
    renderRoute(<BookingPanel caregiver={makeProfile()} />, { path: PATH, url: URL_, user: makeUser() });
    expect(await screen.findByRole('form', { name: 'Regular care' })).toBeVisible();
  });
});
