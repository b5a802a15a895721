// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookingView } from '../../../../shared/contracts/bookings';
import type { VisitLog } from '../../../../shared/contracts/visits';
import { makeUser, renderRoute, stubFetch } from '../../../test/render';
import { makeBooking } from '../../bookings/test-fixtures';
import { LiveVisitLog } from './live-visit-log';

const checkIn = {
  id: 1,
  bookingId: 7,
  clientId: 'c-1',
  kind: 'check_in' as const,
  details: {},
  authorUserId: 3,
  recordedAt: '2030-03-01T14:02:00.000Z',
  receivedAt: '2030-03-01T14:02:01.000Z',
  locationAccuracyM: null,
};

/** A visit on 1 March 2030, 9 AM to 1 PM in Jamaica, checked in but never checked out. */
function show(booking: Partial<BookingView>) {
  const log: VisitLog = {
    bookingId: 7,
    checkedInAt: checkIn.recordedAt,
    checkedOutAt: null,
    billedMinutes: null,
    entries: [checkIn],
  };
  stubFetch({
    'GET /api/bookings/7': {
      body: makeBooking({
        id: 7,
        date: '2030-03-01',
        startTime: '09:00',
        endTime: '13:00',
        startsAt: '2030-03-01T14:00:00.000Z',
        endsAt: '2030-03-01T18:00:00.000Z',
        ...booking,
      }),
    },
    'GET /api/bookings/7/log': { body: log },
  });
  renderRoute(<LiveVisitLog bookingId={7} timeZone="America/Jamaica" />, {
    path: '/bookings/:id/visit',
    url: '/bookings/7/visit',
    user: makeUser(),
  });
  return screen.findByTestId('visit-checked-out');
}

describe('LiveVisitLog, a visit without a check-out (issue 32, item 10)', () => {
  it('completed by the lifecycle job: says no check-out was recorded and that it completed by itself, never "Not yet"', async () => {
    const line = await show({ status: 'completed', completedAt: '2030-03-02T18:05:00.000Z' });
    expect(line).not.toHaveTextContent('Not yet');
    expect(line.textContent).toMatch(
      /^No check-out was recorded\. The visit was completed automatically on March 2, 2030 at 1:05 PM Jamaica, 24 hours after its booked end \(March 1, 2030 at 1:00 PM Jamaica\)\.$/,
    );
  });

  it('marked completed by the caregiver after its end: says so', async () => {
    const line = await show({ status: 'completed', completedAt: '2030-03-01T19:00:00.000Z' });
    expect(line.textContent).toMatch(
      /^No check-out was recorded\. The visit was marked completed on March 1, 2030 at 2:00 PM Jamaica, after its booked end/,
    );
  });

  it('still to come: not checked out yet', async () => {
    const line = await show({ status: 'confirmed', endsAt: '2999-03-01T18:00:00.000Z', completedAt: null });
    expect(line).toHaveTextContent(/^Not yet$/);
  });
});
