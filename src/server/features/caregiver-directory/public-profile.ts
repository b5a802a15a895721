import { type BusyTime, type DatedTimes, nextAvailableAt } from '../../../shared/availability';
import type { CaregiverProfile } from '../../../shared/contracts/caregivers';
import { CAREGIVER_NOT_FOUND, initial, mayViewProfile } from '../../../shared/public-profile';
import type { ProfileRow } from './public-profile-repo';
import { type TrustRecord, trustFields } from './trust';

// A caregiver's public profile: who may see it, and its public shape (nothing private).

export { CAREGIVER_NOT_FOUND, initial, mayViewProfile };

export function toProfile(
  r: ProfileRow,
  now: Date,
  busy: BusyTime[],
  exceptions?: DatedTimes,
): CaregiverProfile {
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
    nextAvailableAt: nextAvailableAt(r, busy, now, exceptions)?.toISOString() ?? null,
    userId: r.userId,
    ...user,
    isAvailable: r.isAvailable,
    createdAt: r.createdAt.toISOString(),
  };
}
