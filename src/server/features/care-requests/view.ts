import type { Applicant, CareRequestView } from '../../../shared/contracts/care-requests';
import { parishDistanceKm } from '../../../shared/parish-distance';
import type { ApplicationRow, CareRequestRow } from './repo';

/** A request as anyone allowed to see it reads it: the family's first name only. */
export function requestView(
  r: CareRequestRow,
  familyFirstName: string,
  applicantCount: number,
  mine: boolean,
): CareRequestView {
  return {
    id: r.id,
    kind: r.kind,
    parish: r.parish,
    town: r.town,
    startDate: r.startDate,
    startTime: r.startTime,
    hours: r.hours,
    weekdays: r.weekdays,
    budgetMinJmd: r.budgetMinJmd,
    budgetMaxJmd: r.budgetMaxJmd,
    skills: r.skills,
    description: r.description,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    familyFirstName,
    applicantCount,
    mine,
  };
}

export interface ApplicantSide {
  caregiverId: number;
  userId: number;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  town: string | null;
  parish: string | null;
  profileRate: string;
  averageRating: string;
  totalReviews: number;
  verified: boolean;
}

/** A caregiver beside the others: their rate (the applied one, else their profile's), trust and distance. */
export function applicantView(
  c: ApplicantSide,
  requestParish: string,
  reliability: number,
  application?: ApplicationRow,
): Applicant {
  const km = parishDistanceKm(requestParish, c.parish);
  return {
    applicationId: application?.id ?? null,
    caregiverId: c.caregiverId,
    userId: c.userId,
    firstName: c.firstName,
    lastInitial: c.lastName.slice(0, 1),
    profileImageUrl: c.profileImageUrl,
    town: c.town,
    parish: c.parish,
    distanceKm: Number.isFinite(km) ? Math.round(km) : null,
    hourlyRate: application?.hourlyRate ?? c.profileRate,
    message: application?.message ?? null,
    status: application?.status ?? null,
    reliability,
    averageRating: Number(c.averageRating),
    totalReviews: c.totalReviews,
    verified: c.verified,
    bookingId: application?.bookingId ?? null,
  };
}
