import {
  type DocumentType,
  STEP_LABELS,
  VERIFICATION_STEPS,
  type VerificationStep,
} from '../../../shared/contracts/verification';
import { inAppNotices } from '../../core/in-app-notices';
import type { StepReviews, VerificationStatus } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { type VerificationPatch, verificationRepo } from './repo';
import { type Actor, latestTypes, type VerificationContext } from './status-model';
import { isPoliceRecordStale, reviewFlags, stepStates, userDone } from './steps';

/** The admins' review: a decision per step (deciding the record when every step has one), and the queue. */
export function createReview(ctx: VerificationContext) {
  const { db, now, stateOf, mailUser, publicUrl } = ctx;
  return {
    /** An admin's decision on one step; decides the whole record when every step has one. */
    async decide(admin: Actor, userId: number, step: VerificationStep, approved: boolean, reason?: string) {
      const outcome = await db.transaction(async (tx) => {
        const v = await verificationRepo.findForUpdate(tx, userId);
        if (!v) throw notFound('This user has no verification record.');
        if (v.status === 'pending')
          throw conflict('This verification has not been submitted for review yet.');
        const docs = await verificationRepo.documents(tx, userId);
        if (approved && !userDone(v, latestTypes(docs))[step]) {
          throw conflict(`The user has not completed the ${STEP_LABELS[step].toLowerCase()} step yet.`);
        }
        const at = now();
        const reviews: StepReviews = {
          ...v.reviews,
          [step]: {
            approved,
            reason: approved ? null : (reason ?? null),
            by: admin.id,
            at: at.toISOString(),
          },
        };
        const patch: VerificationPatch = { reviews, ...reviewFlags(reviews) };
        // A rejected email or phone must be proved again.
        if (!approved && step === 'email') patch.emailVerified = false;
        if (!approved && step === 'phone') patch.phoneVerified = false;
        const rejected = VERIFICATION_STEPS.filter((s) => reviews[s] && !reviews[s]?.approved);
        const allApproved = VERIFICATION_STEPS.every((s) => reviews[s]?.approved);
        let status: VerificationStatus = 'submitted';
        if (rejected.length) status = 'rejected';
        else if (allApproved) status = 'approved';
        patch.status = status;
        if (status === 'rejected') {
          patch.rejectionReason = rejected.map((s) => `${STEP_LABELS[s]}: ${reviews[s]?.reason}`).join('; ');
        } else {
          patch.rejectionReason = null;
        }
        if (status === 'approved') {
          patch.verifiedAt = at;
          patch.verifiedBy = admin.id;
        }
        await verificationRepo.update(tx, userId, patch);
        await verificationRepo.addDecision(tx, {
          userId,
          step,
          approved,
          reason: approved ? null : (reason ?? null),
          decidedBy: admin.id,
        });
        await verificationRepo.setUserStatus(tx, userId, {
          verificationStatus: status,
          ...(status === 'approved'
            ? { isVerified: true }
            : status === 'rejected'
              ? { isVerified: false }
              : {}),
        });
        let mail: { subject: string; text: string } | undefined;
        if (!approved) {
          const title = `Please fix your ${STEP_LABELS[step].toLowerCase()}`;
          const body = `Our reviewer could not approve your ${STEP_LABELS[step].toLowerCase()}: ${reason}. Fix it and submit your verification again.`;
          await inAppNotices.add(tx, {
            userId,
            kind: 'verification.rejected',
            title,
            body,
            link: '/background-check',
          });
          mail = {
            subject: `Your YaadCare verification: ${title}`,
            text: `${body}\n\nOpen ${publicUrl}/background-check to update it.`,
          };
        } else if (status === 'approved' && v.status !== 'approved') {
          const body =
            'Every step of your verification is approved. Your profile now shows the Verified badge.';
          await inAppNotices.add(tx, {
            userId,
            kind: 'verification.approved',
            title: "You're verified!",
            body,
            link: '/caregiver-dashboard',
          });
          mail = { subject: "You're verified on YaadCare", text: body };
        }
        return { state: await stateOf(tx, userId), mail };
      });
      if (outcome.mail) {
        // The decision stands even if the mail server is down: the in-app notification carries it too.
        await mailUser(userId, outcome.mail.subject, outcome.mail.text).catch(() => {});
      }
      return outcome.state;
    },

    async list(f: { status: VerificationStatus; q?: string; limit: number; offset: number }) {
      const { rows, total, docs } = await verificationRepo.list(db, f);
      const typesByUser = new Map<number, Set<DocumentType>>();
      for (const d of docs) {
        if (!typesByUser.has(d.userId)) typesByUser.set(d.userId, new Set());
        typesByUser.get(d.userId)!.add(d.type);
      }
      return {
        total,
        items: rows.map(({ v, u }) => ({
          userId: u.id,
          firstName: u.firstName,
          lastName: u.lastName,
          email: u.email,
          userType: u.userType,
          status: v.status,
          submittedAt: v.submittedAt?.toISOString() ?? null,
          policeRecordIssuedAt: v.policeRecordIssuedAt,
          policeRecordStale: isPoliceRecordStale(v.policeRecordIssuedAt, now()),
          steps: stepStates(v, typesByUser.get(u.id) ?? new Set()),
        })),
      };
    },
  };
}
