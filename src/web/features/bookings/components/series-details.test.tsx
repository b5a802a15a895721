// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { makeSeries, makeSeriesVisits } from '../test-fixtures';
import { SeriesDetails } from './series-details';

const caregiver = makeUser({ id: 9, userType: 'caregiver', firstName: 'Shanique' });
const family = makeUser({ id: 1 });

function show(series = makeSeries(), user = family) {
  return renderRoute(<SeriesDetails series={series} user={user} />, { user });
}

describe('SeriesDetails', () => {
  it('the caregiver accepts the series as a whole', async () => {
    const series = makeSeries();
    const { calls } = stubFetch({
      'POST /api/booking-series/9/accept': {
        body: { ...series, status: 'accepted', bookings: makeSeriesVisits(9, 6, { status: 'confirmed' }) },
      },
    });
    show(series, caregiver);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Regular care for Natalie Robinson');
    expect(screen.getByRole('heading', { name: 'Visits (6)' })).toBeVisible();
    expect(screen.getByText('Visit 3 of 6')).toBeVisible();
    // Pending visits have no log yet.
    expect(screen.queryByRole('link', { name: /Visit log/ })).toBeNull();
    expect(screen.queryByText(/in all, paid visit by visit/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel the rest of the series' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Accept series' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/booking-series/9/accept')).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'Decline series' })).toBeVisible();
  });

  it('the caregiver waits while a payer has visits to approve', () => {
    stubFetch();
    show(makeSeries({ bookings: makeSeriesVisits(9, 3, { status: 'awaiting_approval' }) }), caregiver);
    expect(screen.getByRole('note')).toHaveTextContent('wait for a payer’s approval');
    expect(screen.queryByRole('button', { name: 'Accept series' })).toBeNull();
  });

  it('a payer in Toronto reads the times in their own zone beside Jamaica’s, and the total', () => {
    stubFetch();
    show(makeSeries(), makeUser({ id: 1, timeZone: 'America/Toronto' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Regular care with Shanique W.');
    expect(screen.getByText('Mon, Wed, Fri at 8:00 AM, 4 h each (Jamaica time)')).toBeVisible();
    // June: Toronto is on daylight time, an hour ahead of Jamaica.
    expect(screen.getByTestId('series-own-time')).toHaveTextContent(
      'First visit: 9:00 AM Toronto (8:00 AM Jamaica)',
    );
    expect(screen.getAllByTestId('booking-own-time')[0]).toHaveTextContent('9:00 AM – 1:00 PM Toronto');
    expect(screen.getByText(/J\$\s?25,200 in all, paid visit by visit/)).toBeVisible();
  });

  it('the family cancels the rest after a dialog that states the policy; free far ahead', async () => {
    const { calls } = stubFetch({
      'POST /api/booking-series/9/cancel-rest': { body: makeSeries({ status: 'cancelled' }) },
    });
    show(makeSeries({ status: 'accepted', bookings: makeSeriesVisits(9, 6, { status: 'confirmed' }) }));
    expect(screen.getByRole('link', { name: 'Visit log (visit 2)' })).toHaveAttribute(
      'href',
      '/bookings/101/visit',
    );
    // A family in Jamaica reads Jamaica time only.
    expect(screen.queryByTestId('series-own-time')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the rest of the series' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the rest of the series?' });
    expect(dialog).toHaveTextContent(
      '6 visits still to come are cancelled in one step. Cancelling now is free',
    );
    expect(dialog).toHaveTextContent('Free cancellation up to 24 hours before the start');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the rest' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/booking-series/9/cancel-rest')).toBe(
        true,
      ),
    );
  });

  it('a confirmed visit less than 24 h away carries the late-cancellation fee, said before confirming', async () => {
    stubFetch();
    const soon = new Date(Date.now() + 2 * 3_600_000);
    const visits = makeSeriesVisits(9, 3, { status: 'confirmed' });
    visits[0] = {
      ...visits[0],
      startsAt: soon.toISOString(),
      endsAt: new Date(soon.getTime() + 4 * 3_600_000).toISOString(),
    };
    show(makeSeries({ status: 'accepted', bookings: visits }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the rest of the series' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      /1 of them is confirmed and less than 24 hours away: J\$\s?2,000 goes to the caregiver as late-cancellation fees/,
    );
  });

  it('lists the skipped dates with why; nothing to cancel once cancelled', () => {
    stubFetch();
    show(makeSeries({ status: 'cancelled', skipped: [{ date: '2099-06-10', reason: 'booked' }] }));
    expect(screen.getByRole('heading', { name: 'Skipped dates (1)' })).toBeVisible();
    expect(
      screen.getByText('Wednesday, 10 June 2099: the caregiver already has another booking then'),
    ).toBeVisible();
    expect(screen.getByTestId('series-status')).toHaveTextContent('Cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel the rest of the series' })).toBeNull();
  });
  it('the caregiver leaves an accepted series after a dialog saying the family gets everything held back', async () => {
    const { calls } = stubFetch({
      'POST /api/booking-series/9/leave': { body: makeSeries({ status: 'left' }) },
    });
    show(
      makeSeries({ status: 'accepted', bookings: makeSeriesVisits(9, 6, { status: 'confirmed' }) }),
      caregiver,
    );
    expect(screen.queryByRole('button', { name: 'Cancel the rest of the series' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Leave this series' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this series?' });
    expect(dialog).toHaveTextContent(
      'The 6 visits still to come are cancelled, and anything held for them is released to Natalie in full.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Leave the series' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/booking-series/9/leave')).toBe(true),
    );
  });

  it('a series the caregiver left says so and offers nothing more', () => {
    stubFetch();
    show(
      makeSeries({ status: 'left', bookings: makeSeriesVisits(9, 3, { status: 'cancelled' }) }),
      caregiver,
    );
    expect(screen.getByTestId('series-status')).toHaveTextContent('Ended by the caregiver');
    expect(screen.queryByRole('button', { name: 'Leave this series' })).toBeNull();
  });
});
