import { isTrustClaim, type VerifiedFact } from '../../../shared/contracts/caregivers';
import { isPoliceRecordStale } from '../../../shared/police-record';
import type { StepReviews, VerificationStatus, VerificationStep } from '../../db/schema';

/** What a public read needs of a caregiver's verification record (null: they have none). */
export interface TrustRecord {
  status: VerificationStatus;
  reviews: StepReviews;
  phoneVerified: boolean;
  idVerified: boolean;
  selfieVerified: boolean;
  addressVerified: boolean;
  backgroundCheckVerified: boolean;
  /** yyyy-MM-dd. */
  policeRecordIssuedAt: string | null;
  referenceCount: number;
  verifiedAt: Date | string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * When an admin approved a step, or null. A step's latest review decides; records from before reviews
 * were kept (only the admin-set flag) count as approved when the whole record was.
 */
function approvedAt(v: TrustRecord, step: VerificationStep, legacyFlag: boolean): string | null {
  const review = v.reviews[step];
  if (review) return review.approved ? iso(review.at) : null;
  return legacyFlag && v.verifiedAt ? iso(v.verifiedAt) : null;
}

const latest = (...dates: (string | null)[]) =>
  dates.some((d) => d === null) ? null : (dates as string[]).sort().at(-1)!;

/**
 * The facts YaadCare verified and that still hold at `now`, each with the date it was verified:
 * identity (ID and selfie approved), address, background check (approved, and the police record under
 * 12 months old), character references (approved with the background step), phone (proved by code and
 * approved). Nothing the caregiver only ticked.
 */
export function verifiedFactsOf(v: TrustRecord | null, now: Date): VerifiedFact[] {
  if (!v) return [];
  const facts: VerifiedFact[] = [];
  const identity = latest(approvedAt(v, 'id', v.idVerified), approvedAt(v, 'selfie', v.selfieVerified));
  if (identity) facts.push({ kind: 'identity', verifiedAt: identity });
  const address = approvedAt(v, 'address', v.addressVerified);
  if (address) facts.push({ kind: 'address', verifiedAt: address });
  const background = approvedAt(v, 'background', v.backgroundCheckVerified);
  if (background && v.policeRecordIssuedAt && !isPoliceRecordStale(v.policeRecordIssuedAt, now)) {
    facts.push({ kind: 'background_check', verifiedAt: background });
  }
  if (background && v.referenceCount >= 2) facts.push({ kind: 'references', verifiedAt: background });
  const phone = v.phoneVerified ? approvedAt(v, 'phone', true) : null;
  if (phone) facts.push({ kind: 'phone', verifiedAt: phone });
  return facts;
}

/**
 * The Verified badge: the whole record approved by an admin (and not reopened or rejected since), with
 * a valid background check and identity.
 */
export function isVerifiedNow(userVerified: boolean, v: TrustRecord | null, facts: VerifiedFact[]): boolean {
  const has = (k: VerifiedFact['kind']) => facts.some((f) => f.kind === k);
  return userVerified && v?.status === 'approved' && has('background_check') && has('identity');
}

/** The certifications a public read may show: the self-reported ones, never a trust claim. */
export const publicCertifications = (certifications: readonly string[]) =>
  certifications.filter((c) => !isTrustClaim(c));

/** The public trust fields: verified facts, the Verified badge, and certifications without trust claims. */
export function trustFields(
  r: { isVerified: boolean; certifications: string[] },
  record: TrustRecord | null,
  now: Date,
) {
  const verifiedFacts = verifiedFactsOf(record, now);
  return {
    isVerified: isVerifiedNow(r.isVerified, record, verifiedFacts),
    certifications: publicCertifications(r.certifications),
    verifiedFacts,
  };
}
