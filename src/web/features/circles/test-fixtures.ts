import type { CircleMember, CircleView, InvitationPreviewView, StatementView } from './api';

/** A member as GET /api/circles/:id answers it. */
export function makeMember(overrides: Partial<CircleMember> = {}): CircleMember {
  return {
    userId: 1,
    firstName: 'Jane',
    lastInitial: 'B.',
    roles: ['coordinator', 'payer'],
    provisionalRoles: [],
    monthlyCapJmd: null,
    joinedAt: '2026-11-20T15:00:00.000Z',
    ...overrides,
  };
}

/** Mummy's circle, as its creator (user 1, Jane) sees it. */
export function makeCircle(overrides: Partial<CircleView> = {}): CircleView {
  return {
    id: 5,
    name: 'Mummy’s care',
    recipient: {
      firstName: 'Mummy',
      lastName: 'Brown',
      parish: 'Manchester',
      town: 'Mandeville',
      address: '4 Caledonia Road',
      needs: 'Help with meals',
      notes: 'Likes her tea at four',
      emergencyContact: { name: 'Paul Brown', phone: '+18765551234' },
    },
    approvalRequired: false,
    myRoles: ['coordinator', 'payer'],
    members: [makeMember({ provisionalRoles: ['coordinator', 'payer'] })],
    createdAt: '2026-11-20T15:00:00.000Z',
    ...overrides,
  };
}

export function makePreview(overrides: Partial<InvitationPreviewView> = {}): InvitationPreviewView {
  return {
    circleName: 'Mummy’s care',
    recipientFirstName: 'Mummy',
    recipientParish: 'Manchester',
    recipientTown: 'Mandeville',
    role: 'payer',
    monthlyCapJmd: 50_000,
    invitedBy: 'Jane',
    expiresAt: '2026-11-27T15:00:00.000Z',
    accepted: false,
    ...overrides,
  };
}

/** A token of the shape the links carry (43 base64url characters). */
export const TOKEN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

/** A statement as GET /api/circles/:id/statement?format=json answers it: one completed visit, one to come. */
export function makeStatement(overrides: Partial<StatementView> = {}): StatementView {
  return {
    circleId: 5,
    circleName: 'Mummy’s care',
    recipientFirstName: 'Mummy',
    month: '2026-11',
    monthLabel: 'November 2026',
    generatedAt: '2026-12-01T15:00:00.000Z',
    counts:
      'Counted: the circle’s bookings dated in this month (Jamaica time) that needed no approval or were approved.',
    lines: [
      {
        bookingId: 31,
        date: '2026-11-05',
        time: '9:00 AM – 1:00 PM',
        caregiver: 'Shanique W.',
        hours: 4,
        hourlyRate: '1500.00',
        subtotal: '6000.00',
        serviceFee: '300.00',
        total: '6300.00',
        status: 'completed',
        statusLabel: 'Completed',
        paymentStatus: 'Charged',
      },
      {
        bookingId: 32,
        date: '2026-11-28',
        time: '9:00 AM – 3:00 PM',
        caregiver: 'Shanique W.',
        hours: 6,
        hourlyRate: '1500.00',
        subtotal: '9000.00',
        serviceFee: '450.00',
        total: '9450.00',
        status: 'confirmed',
        statusLabel: 'Confirmed',
        paymentStatus: 'Not paid yet',
      },
    ],
    totals: {
      visits: 2,
      hours: 10,
      subtotal: '15000.00',
      serviceFee: '750.00',
      total: '15750.00',
      completed: '6300.00',
      lateCancellationFees: '0.00',
      notYetCompleted: '9450.00',
    },
    estimates: [
      {
        currency: 'CAD',
        amount: '138.64',
        jmdPerUnit: '113.6000',
        rateDate: '2026-11-30',
        text: '≈ C$138.64 at J$ 113.60 per C$ on 30 Nov 2026 — you are charged J$ 15,750',
      },
    ],
    missingRates: ['GBP'],
    ...overrides,
  };
}
