// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../../shared/booking-series';
import { makeProfile } from '../../../test/caregivers';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { BookingPanel } from '../../bookings/components/booking-panel';
import { FreeTime } from './free-time';

const FROM = '2099-11-30'; // a Monday
/** 28 days from FROM; Mondays free 9:00 AM – 3:00 PM Jamaica (14:00Z – 20:00Z), the second week away. */
function freeSlots(empty = false) {
  return {
    timeZone: 'America/Jamaica',
    days: Array.from({ length: 28 }, (_, i) => {
      const date = addDays(FROM, i);
      const free =
        empty || i % 7 !== 0 || (i >= 7 && i < 14)
          ? []
          : [{ start: `${date}T14:00:00.000Z`, end: `${date}T20:00:00.000Z` }];
      return { date, free };
    }),
  };
}

describe('FreeTime', () => {
  it('shows a week at a time as a list of days, in Jamaica time for a viewer there', async () => {
    stubFetch({ 'GET /api/caregivers/7/free-slots': { body: freeSlots() } });
    renderRoute(<FreeTime caregiverId={7} firstName="Shanique" timeZone="America/Jamaica" />);
    expect(screen.getByRole('status', { name: 'Loading free time' })).toBeInTheDocument();
    const week = await screen.findByTestId('free-time-week');
    expect(within(week).getAllByRole('heading', { level: 4 })).toHaveLength(7);
    expect(within(week).getByRole('heading', { name: 'Mon 30 Nov' })).toBeInTheDocument();
    expect(within(week).getByRole('button', { name: 'Mon 30 Nov, 9:00 AM – 3:00 PM' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous week' })).toBeDisabled();

    // The next week: the caregiver is away, nothing is free.
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(screen.getByRole('heading', { name: 'Mon 7 Dec – Sun 13 Dec' })).toBeInTheDocument();
    expect(within(screen.getByTestId('free-time-week')).queryAllByRole('button')).toHaveLength(0);
    expect(within(screen.getByTestId('free-time-week')).getAllByText('Not free')).toHaveLength(7);
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(screen.getByRole('button', { name: 'Next week' })).toBeDisabled();
  });

  it('shows the viewer’s time with Jamaica time beside it when they differ', async () => {
    stubFetch({ 'GET /api/caregivers/7/free-slots': { body: freeSlots() } });
    renderRoute(<FreeTime caregiverId={7} firstName="Shanique" timeZone="Europe/London" />);
    expect(
      await screen.findByRole('button', {
        name: 'Mon 30 Nov, 2:00 PM – 8:00 PM your time · 9:00 AM – 3:00 PM Jamaica',
      }),
    ).toBeInTheDocument();
  });

  it('fills the booking form with the slot’s date and start time and moves focus to it', async () => {
    stubFetch({ 'GET /api/caregivers/7/free-slots': { body: freeSlots() } });
    renderRoute(
      <>
        <FreeTime caregiverId={7} firstName="Shanique" timeZone="Europe/London" />
        <BookingPanel caregiver={makeProfile({ id: 7 })} />
      </>,
      { user: makeUser() },
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Mon 30 Nov, 2:00 PM/ }));
    const date = screen.getByLabelText('Date');
    await waitFor(() => expect(date).toHaveValue(FROM));
    expect(screen.getByLabelText('Start time')).toHaveValue('9:00 AM');
    await waitFor(() => expect(date).toHaveFocus());
  });

  it('says so when there is no free time in the four weeks, and offers a retry when loading fails', async () => {
    stubFetch({ 'GET /api/caregivers/7/free-slots': { body: freeSlots(true) } });
    renderRoute(<FreeTime caregiverId={7} firstName="Shanique" />);
    expect(await screen.findByText('No free time in these four weeks.')).toBeInTheDocument();

    stubFetch({ 'GET /api/caregivers/8/free-slots': { status: 500, body: { message: 'boom' } } });
    renderRoute(<FreeTime caregiverId={8} firstName="Shanique" />);
    expect(
      await screen.findByText("We couldn't load Shanique's free time.", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
