import { notFound } from '../../errors';
import { createDetailsStep } from './details-step';
import { createDocuments } from './documents';
import { createEmailStep } from './email-step';
import { createPhoneStep } from './phone-step';
import { createPoliceRecordRenewals } from './police-record-renewals';
import { verificationRepo } from './repo';
import { createReview } from './review';
import {
  type Actor,
  assertSelfOrAdmin,
  createVerificationContext,
  type VerificationDeps,
} from './status-model';
import { createSubmission } from './submission';

export {
  type Actor,
  assertSelf,
  assertSelfOrAdmin,
  documentUrl,
  toState,
  type VerificationDeps,
} from './status-model';

/** Verification: the record and its state, composed from one use case per step (see status-model). */
export function createVerificationService(deps: VerificationDeps) {
  const ctx = createVerificationContext(deps);
  const { db, stateOf } = ctx;
  return {
    stateOf: (userId: number) => stateOf(db, userId),

    async get(actor: Actor, userId: number) {
      assertSelfOrAdmin(actor, userId);
      return stateOf(db, userId);
    },

    /** As `get`, but null before the record exists (GET …?ifExists=true: a first visit is no error). */
    async find(actor: Actor, userId: number) {
      assertSelfOrAdmin(actor, userId);
      if (!(await verificationRepo.find(db, userId))) return null;
      return stateOf(db, userId);
    },

    async create(actor: Actor, userId: number) {
      assertSelfOrAdmin(actor, userId);
      return db.transaction(async (tx) => {
        if (!(await verificationRepo.findUser(tx, userId))) throw notFound('No such user.');
        const existed = Boolean(await verificationRepo.find(tx, userId));
        await verificationRepo.ensure(tx, userId);
        return { created: !existed, state: await stateOf(tx, userId) };
      });
    },

    ...createEmailStep(ctx),
    ...createPhoneStep(ctx),
    ...createDocuments(ctx),
    ...createDetailsStep(ctx),
    ...createSubmission(ctx),
    ...createReview(ctx),
    ...createPoliceRecordRenewals(ctx),
  };
}
