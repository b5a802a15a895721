import type { Applicant, CareRequestView } from '../api';

export function makeApplicant(over: Partial<Applicant> = {}): Applicant {
  return {
    applicationId: 31,
    caregiverId: 11,
    userId: 21,
    firstName: 'Marcia',
    lastInitial: 'B',
    profileImageUrl: null,
    town: 'Kingston',
    parish: 'Kingston',
    distanceKm: 0,
    hourlyRate: '1600.00',
    message: 'I cared for my grandmother for years.',
    status: 'applied',
    reliability: 0.9,
    averageRating: 4.8,
    totalReviews: 12,
    verified: true,
    bookingId: null,
    ...over,
  };
}

export function makeRequest(over: Partial<CareRequestView> = {}): CareRequestView {
  return {
    id: 5,
    kind: 'senior-care',
    parish: 'Kingston',
    town: 'Kingston',
    startDate: '2026-12-02',
    startTime: '09:00',
    hours: 4,
    weekdays: [],
    budgetMinJmd: 1200,
    budgetMaxJmd: 2000,
    skills: ['Meal Preparation'],
    description: 'Help for my mother, 82, with meals and her tablets at noon.',
    status: 'open',
    createdAt: '2026-11-24T12:00:00.000Z',
    expiresAt: '2026-12-08T12:00:00.000Z',
    familyFirstName: 'Sandra',
    applicantCount: 0,
    mine: false,
    ...over,
  };
}
