// Test data in the discovery API's shapes (src/shared/contracts/caregivers.ts).
import type { CaregiverProfile, PublicCaregiver, PublicReview } from '../../shared/contracts/caregivers';

export function makeCaregiver(overrides: Partial<PublicCaregiver> = {}): PublicCaregiver {
  return {
    id: 5,
    user: {
      firstName: 'Shanique',
      lastName: 'W',
      profileImageUrl: '/avatars/shanique-w.svg',
      location: 'Kingston',
    },
    parish: 'Kingston',
    kinds: ['child-care', 'babysitters'],
    isVerified: true,
    bio: 'Warm, patient nanny with eight years of experience caring for infants and toddlers in Kingston.',
    experience: 8,
    hourlyRate: '1500.00',
    averageRating: '4.75',
    totalReviews: 12,
    skills: [
      'Infant Care',
      'Toddler Care',
      'First Aid Certified',
      'CPR Certified',
      'Homework Help',
      'Arts & Crafts',
    ],
    certifications: ['CPR Certified', 'First Aid Certified'],
    availability: ['Weekdays', 'Mornings'],
    verifiedFacts: [
      { kind: 'identity', verifiedAt: '2026-01-10T15:00:00.000Z' },
      { kind: 'background_check', verifiedAt: '2026-01-10T15:00:00.000Z' },
      { kind: 'references', verifiedAt: '2026-01-10T15:00:00.000Z' },
    ],
    nextAvailableAt: null,
    ...overrides,
  };
}

export function makeProfile(overrides: Partial<CaregiverProfile> = {}): CaregiverProfile {
  const base = makeCaregiver(overrides);
  return {
    ...base,
    userId: 42,
    firstName: base.user.firstName,
    lastName: base.user.lastName,
    profileImageUrl: base.user.profileImageUrl,
    location: base.user.location,
    isAvailable: true,
    createdAt: '2024-05-01T12:00:00.000Z',
    ...overrides,
  };
}

export function makeReview(overrides: Partial<PublicReview> = {}): PublicReview {
  return {
    id: 1,
    rating: 5,
    comment: 'Wonderful with our girls.',
    createdAt: '2025-03-04T15:00:00.000Z',
    family: { firstName: 'Natalie', lastName: 'R' },
    ...overrides,
  };
}
