import type { z } from 'zod';
import type { VerificationDetailsRequest, VerificationStep } from '../../../shared/contracts/verification';
import { badRequest } from '../../errors';
import { type VerificationPatch, type VerificationRow, verificationRepo } from './repo';
import type { Actor, VerificationContext } from './status-model';
import { reviewFlags, withoutReviews } from './steps';

export type DetailsInput = z.output<typeof VerificationDetailsRequest>;

/** The facts typed in the identity, address and background steps (ID number, address, police record, references). */
export function createDetailsStep(ctx: VerificationContext) {
  const { db, syncUserStatus, stateOf } = ctx;
  return {
    /** Saves what a step's Continue gathered; steps whose facts changed wait for a new review. */
    async saveDetails(actor: Actor, input: DetailsInput) {
      return db.transaction(async (tx) => {
        await verificationRepo.ensure(tx, actor.id);
        const v = (await verificationRepo.findForUpdate(tx, actor.id))!;
        const patch = applyDetails(v, input);
        await verificationRepo.update(tx, actor.id, patch);
        await syncUserStatus(tx, v, patch);
        return stateOf(tx, actor.id);
      });
    },
  };
}

/** The columns to write for the given details, and the steps they reopen. */
export function applyDetails(v: VerificationRow, input: DetailsInput): VerificationPatch {
  const redone: VerificationStep[] = [];
  const patch: VerificationPatch = {};
  if (input.idNumber !== undefined && input.idNumber !== v.idNumber) {
    patch.idNumber = input.idNumber;
    redone.push('id');
  }
  if (input.address !== undefined && input.address !== v.address) {
    patch.address = input.address;
    redone.push('address');
  }
  if (input.emergencyContact !== undefined) patch.emergencyContact = input.emergencyContact;
  if (input.notes !== undefined) patch.verificationNotes = input.notes || null;
  if (input.policeRecordIssuedAt !== undefined && input.policeRecordIssuedAt !== v.policeRecordIssuedAt) {
    if (input.policeRecordIssuedAt > new Date().toISOString().slice(0, 10)) {
      throw badRequest('The issue date cannot be in the future.', [
        { path: 'policeRecordIssuedAt', message: 'The issue date cannot be in the future' },
      ]);
    }
    patch.policeRecordIssuedAt = input.policeRecordIssuedAt;
    patch.policeRecordReminderSentAt = null;
    redone.push('background');
  }
  // jsonb keeps its own key order: compare the values, not the text.
  const refKey = (refs: { name: string; relationship: string; phone?: string }[]) =>
    JSON.stringify(refs.map((r) => [r.name, r.relationship, r.phone]));
  if (input.references !== undefined && refKey(input.references) !== refKey(v.references)) {
    patch.references = input.references.map((r) => ({
      name: r.name,
      relationship: r.relationship,
      phone: r.phone!,
    }));
    if (!redone.includes('background')) redone.push('background');
  }
  if (redone.length === 0) return patch;
  const reviews = withoutReviews(v.reviews, redone);
  const reopened: VerificationPatch = { ...patch, reviews, ...reviewFlags(reviews) };
  if (v.status === 'approved') {
    reopened.status = 'submitted';
    reopened.submittedAt = new Date();
  }
  return reopened;
}
