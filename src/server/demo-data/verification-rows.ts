import { DAY, HOUR, minDate } from './dates';
import type { Rng } from './random';
import type { VerificationRow } from './rows';

/**
 * Every step approved. The police record is under 12 months old (a caregiver verified long ago has
 * renewed it), so the public Verified badge holds; the index approves the background step after it.
 */
export function approvedVerification(
  email: string,
  createdAt: Date,
  verifiedAt: Date,
  now: Date,
): VerificationRow {
  const issued = new Date(Math.max(verifiedAt.getTime() - 7 * DAY, now.getTime() - 200 * DAY));
  return {
    policeRecordIssuedAt: issued.toISOString().slice(0, 10),
    email,
    emailVerified: true,
    phoneVerified: true,
    addressVerified: true,
    idVerified: true,
    selfieVerified: true,
    backgroundCheckVerified: true,
    verificationNotes: 'Police record, ID and references checked.',
    status: 'approved',
    submittedAt: new Date(verifiedAt.getTime() - 2 * DAY),
    verifiedAt,
    byAdmin: true,
    createdAt,
    updatedAt: verifiedAt,
  };
}

/** Part-way through the five steps (email, phone, identity, address, background check). */
export function inProgressVerification(rng: Rng, email: string, createdAt: Date, now: Date): VerificationRow {
  const steps = rng.int(1, 4);
  const updatedAt = minDate(
    new Date(createdAt.getTime() + rng.int(1, 30) * DAY),
    new Date(now.getTime() - HOUR),
  );
  return {
    email,
    emailVerified: steps >= 1,
    phoneVerified: steps >= 2,
    idVerified: steps >= 3,
    selfieVerified: steps >= 3,
    addressVerified: steps >= 4,
    backgroundCheckVerified: false,
    verificationNotes: steps >= 3 ? 'Background check submitted; awaiting police record.' : null,
    policeRecordIssuedAt: null,
    status: 'pending',
    submittedAt: null,
    verifiedAt: null,
    byAdmin: false,
    createdAt,
    updatedAt,
  };
}
