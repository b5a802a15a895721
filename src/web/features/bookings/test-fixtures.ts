import type { BookingSeriesView } from '../../../shared/contracts/booking-series';
import type { BookingView } from '../../../shared/contracts/bookings';

/** A booking as GET /api/bookings answers it, for component tests. */
export function makeBooking(overrides: Partial<BookingView> = {}): BookingView {
  return {
    id: 7,
    familyId: 1,
    caregiverId: 5,
    status: 'pending',
    date: '2099-06-05',
    startTime: '09:00',
    endTime: '11:00',
    duration: 2,
    totalHours: 2,
    startsAt: '2099-06-05T14:00:00.000Z',
    endsAt: '2099-06-05T16:00:00.000Z',
    hourlyRate: '1500.00',
    rate: '1500.00',
    subtotal: '3000.00',
    platformFee: '150.00',
    totalCost: '3150.00',
    totalAmount: '3150.00',
    notes: null,
    type: 'child-care',
    createdAt: '2099-06-01T14:00:00.000Z',
    confirmedAt: null,
    declinedAt: null,
    expiredAt: null,
    cancelledAt: null,
    cancelledBy: null,
    completedAt: null,
    caregiver: {
      caregiverId: 5,
      userId: 9,
      firstName: 'Shanique',
      lastName: 'Williams',
      profileImageUrl: null,
      location: 'Kingston',
    },
    family: {
      userId: 1,
      firstName: 'Natalie',
      lastName: 'Robinson',
      profileImageUrl: null,
      location: 'Half Way Tree',
      phone: null,
    },
    payment: null,
    ...overrides,
  };
}

type Circle = NonNullable<BookingView['circle']>;

/** The circle part of a care circle's booking as a member sees it (a payer, while it awaits approval). */
export function makeBookingCircle(overrides: Partial<Circle> = {}): Circle {
  return {
    id: 4,
    name: 'Mummy',
    recipient: {
      firstName: 'Hyacinth',
      lastName: 'Campbell',
      parish: 'Manchester',
      town: 'Mandeville',
      address: '12 Caledonia Road',
      needs: 'Help with bathing and meals',
      notes: 'Likes the radio on',
      emergencyContact: { name: 'Marcia Brown', phone: '876-555-0199' },
    },
    approval: { state: 'awaiting', reason: 'circle_rule', byFirstName: null, at: null },
    canApprove: true,
    canPay: false,
    canCancel: false,
    ...overrides,
  };
}

/** The circle part as the caregiver sees it: no name, no approval, nothing to do; details as `confirmed`. */
export function makeCaregiverCircle(confirmed: boolean): Circle {
  const full = makeBookingCircle();
  return {
    ...full,
    name: null,
    recipient: confirmed
      ? full.recipient
      : { ...full.recipient, lastName: null, address: null, emergencyContact: null },
    approval: null,
    canApprove: false,
  };
}

/**
 * The visits of a Mon/Wed/Fri 8:00 AM series of `count` 4-hour visits from Monday 8 June 2099 (ids from
 * `firstId`), each as GET /api/bookings answers it.
 */
export function makeSeriesVisits(
  seriesId: number,
  count: number,
  overrides: Partial<BookingView> = {},
  firstId = 100,
): BookingView[] {
  const out: BookingView[] = [];
  for (let day = 0; out.length < count; day++) {
    const at = new Date(Date.UTC(2099, 5, 8 + day));
    if (![1, 3, 5].includes(at.getUTCDay())) continue;
    const date = at.toISOString().slice(0, 10);
    out.push(
      makeBooking({
        id: firstId + out.length,
        seriesId,
        date,
        startTime: '08:00',
        endTime: '12:00',
        duration: 4,
        totalHours: 4,
        startsAt: `${date}T13:00:00.000Z`,
        endsAt: `${date}T17:00:00.000Z`,
        hourlyRate: '1000.00',
        subtotal: '4000.00',
        platformFee: '200.00',
        totalCost: '4200.00',
        totalAmount: '4200.00',
        ...overrides,
      }),
    );
  }
  return out;
}

/** A series as GET /api/booking-series/{id} answers it, with its visits. */
export function makeSeries(overrides: Partial<BookingSeriesView> = {}): BookingSeriesView {
  const bookings = overrides.bookings ?? makeSeriesVisits(9, 6);
  return {
    id: 9,
    familyId: 1,
    caregiverId: 5,
    circleId: null,
    weekdays: [1, 3, 5],
    startTime: '08:00',
    hours: 4,
    startDate: bookings[0]?.date ?? '2099-06-08',
    endDate: null,
    visitCount: bookings.length,
    status: 'requested',
    notes: null,
    skipped: [],
    createdAt: '2099-06-01T14:00:00.000Z',
    updatedAt: '2099-06-01T14:00:00.000Z',
    answeredAt: null,
    cancelledAt: null,
    ...overrides,
    bookings,
  };
}
