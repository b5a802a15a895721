import type { CircleMember, CircleView, InvitationPreviewView } from './api';

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
