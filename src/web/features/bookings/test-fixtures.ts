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
