import {
  POLICE_RECORD_REMINDER_DAYS,
  POLICE_RECORD_VALID_MONTHS,
  VERIFICATION_STEPS,
  type VerificationStep,
} from '../../../shared/contracts/verification';
import {
  addMonthsIso,
  isPoliceRecordStale,
  policeRecordExpiresOn,
  todayIso,
} from '../../../shared/police-record';
import type { DocumentType, StepReviews, verifications } from '../../db/schema';

type VerificationRow = typeof verifications.$inferSelect;

/** The document that proves each step, where one does. */
export const DOCUMENT_STEP: Record<DocumentType, VerificationStep> = {
  id: 'id',
  selfie: 'selfie',
  address: 'address',
  police: 'background',
};

/** Has the user done their part of each step (proved it, or given what the admin needs to check)? */
export function userDone(
  v: VerificationRow,
  docTypes: ReadonlySet<DocumentType>,
): Record<VerificationStep, boolean> {
  return {
    email: v.emailVerified,
    phone: v.phoneVerified,
    id: docTypes.has('id') && Boolean(v.idNumber),
    selfie: docTypes.has('selfie'),
    address: docTypes.has('address') && Boolean(v.address),
    background:
      docTypes.has('police') &&
      Boolean(v.policeRecordIssuedAt) &&
      v.references.length === 2 &&
      Boolean(v.consentAt),
  };
}

export type StepStateValue = 'todo' | 'done' | 'approved' | 'rejected';

export function stepStates(v: VerificationRow, docTypes: ReadonlySet<DocumentType>) {
  const done = userDone(v, docTypes);
  // Flags an admin set before reviews were recorded (older records, demo data) count as approvals.
  const approvedFlag: Partial<Record<VerificationStep, boolean>> = {
    id: v.idVerified,
    selfie: v.selfieVerified,
    address: v.addressVerified,
    background: v.backgroundCheckVerified,
  };
  return Object.fromEntries(
    VERIFICATION_STEPS.map((step) => {
      const review = v.reviews[step];
      let state: StepStateValue = done[step] ? 'done' : 'todo';
      if (review && !review.approved) state = 'rejected';
      else if (review?.approved || (!review && approvedFlag[step])) state = 'approved';
      return [step, { state, reason: review && !review.approved ? review.reason : null }];
    }),
  ) as Record<VerificationStep, { state: StepStateValue; reason: string | null }>;
}

/** The admin-set flags of docs/product.md#records, from the reviews (email and phone are set by the user's proof). */
export function reviewFlags(reviews: StepReviews) {
  return {
    idVerified: reviews.id?.approved === true,
    selfieVerified: reviews.selfie?.approved === true,
    addressVerified: reviews.address?.approved === true,
    backgroundCheckVerified: reviews.background?.approved === true,
  };
}

/** Drops the review of steps the user has redone: they wait for a new decision. */
export function withoutReviews(reviews: StepReviews, steps: readonly VerificationStep[]): StepReviews {
  const next = { ...reviews };
  for (const s of steps) delete next[s];
  return next;
}

export { isPoliceRecordStale, policeRecordExpiresOn, todayIso };

/** Records issued on or before this day are due a renewal reminder (30 days before they turn 12 months). */
export function reminderCutoff(now: Date): string {
  const soon = new Date(now.getTime() + POLICE_RECORD_REMINDER_DAYS * 86_400_000);
  return addMonthsIso(todayIso(soon), -POLICE_RECORD_VALID_MONTHS);
}
