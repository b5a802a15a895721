import type { z } from 'zod';
import {
  STEP_LABELS,
  VERIFICATION_STEPS,
  type VerificationSubmitRequest,
} from '../../../shared/contracts/verification';
import { inAppNotices } from '../../core/in-app-notices';
import { badRequest, conflict } from '../../errors';
import { applyDetails } from './details-step';
import { type VerificationPatch, verificationRepo } from './repo';
import { type Actor, latestTypes, type VerificationContext } from './status-model';
import { userDone } from './steps';

type SubmitInput = z.output<typeof VerificationSubmitRequest>;

/** Submitting for review: every step done, nothing still rejected; the admins are told. */
export function createSubmission(ctx: VerificationContext) {
  const { db, now, stateOf } = ctx;
  return {
    async submit(actor: Actor, input: SubmitInput) {
      const result = await db.transaction(async (tx) => {
        await verificationRepo.ensure(tx, actor.id);
        const v = (await verificationRepo.findForUpdate(tx, actor.id))!;
        if (v.status === 'approved') throw conflict('Your verification is already approved.');
        const { consent: _c, ...details } = input;
        const patch: VerificationPatch = { ...applyDetails(v, details), consentAt: v.consentAt ?? now() };
        const next = await verificationRepo.update(tx, actor.id, patch);
        const docs = await verificationRepo.documents(tx, actor.id);
        const done = userDone(next, latestTypes(docs));
        const missing = VERIFICATION_STEPS.filter((s) => !done[s]);
        if (missing.length) {
          throw badRequest(`Finish these steps first: ${missing.map((s) => STEP_LABELS[s]).join(', ')}.`, [
            ...missing.map((s) => ({ path: s, message: `${STEP_LABELS[s]} is not done yet` })),
          ]);
        }
        const stillRejected = VERIFICATION_STEPS.filter((s) => next.reviews[s] && !next.reviews[s]?.approved);
        if (stillRejected.length) {
          throw badRequest(
            `Fix what the reviewer asked first: ${stillRejected
              .map((s) => `${STEP_LABELS[s]} (${next.reviews[s]?.reason ?? 'rejected'})`)
              .join('; ')}.`,
          );
        }
        await verificationRepo.update(tx, actor.id, {
          status: 'submitted',
          submittedAt: now(),
          rejectionReason: null,
        });
        await verificationRepo.setUserStatus(tx, actor.id, { verificationStatus: 'submitted' });
        const user = await verificationRepo.findUser(tx, actor.id);
        await inAppNotices.addForAdmins(tx, {
          kind: 'verification.submitted',
          title: 'Verification to review',
          body: `${user?.firstName} ${user?.lastName} submitted their verification for review.`,
          link: '/admin',
        });
        return stateOf(tx, actor.id);
      });
      return result;
    },
  };
}
