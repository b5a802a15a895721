import { type BusyTime, nextAvailableAt } from '../../../shared/availability';
import type { CaregiverProfile } from '../../../shared/contracts/caregivers';
import type { SessionUser } from '../auth/sessions';
import type { ProfileRow } from './public-profile-repo';
import { type TrustRecord, trustFields } from './trust';

// A caregiver's public profile: who may see it, and its public shape (nothing private).

export const CAREGIVER_NOT_FOUND = 'Caregiver not found';

/** First letter only, as public pages show last names ('Shanique W.'). */
export const initial = (name: string) => (Array.from(name.trim())[0] ?? '').toUpperCase();

/**
 * Who may see a caregiver's profile (and its reviews): anyone while it is public (active, owner not
 * suspended; the 'available for bookings' switch only hides it from search), else its owner and admins.
 */
export function mayViewProfile(
  caregiver: { isPublic: boolean; userId: number },
  viewer: Pick<SessionUser, 'id' | 'userType'> | null,
): boolean {
  return caregiver.isPublic || viewer?.id === caregiver.userId || viewer?.userType === 'admin';
}

export function toProfile(r: ProfileRow, now: Date, busy: BusyTime[]): CaregiverProfile {
  const user = {
    firstName: r.firstName,
    lastName: initial(r.lastName),
    profileImageUrl: r.profileImageUrl,
    location: r.location,
  };
  return {
    id: r.id,
    user,
    parish: r.parish,
    kinds: r.kinds,
    bio: r.bio,
    experience: r.experience,
    hourlyRate: r.hourlyRate,
    averageRating: r.averageRating,
    totalReviews: r.totalReviews,
    skills: r.skills,
    availability: r.availability,
    ...trustFields(r, r.trust?.id == null ? null : (r.trust as TrustRecord), now),
    nextAvailableAt: nextAvailableAt(r, busy, now)?.toISOString() ?? null,
    userId: r.userId,
    ...user,
    isAvailable: r.isAvailable,
    createdAt: r.createdAt.toISOString(),
  };
}
