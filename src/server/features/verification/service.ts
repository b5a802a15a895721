import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import type { z } from 'zod';
import {
  DOCUMENT_MAX_BYTES,
  type DocumentType,
  EMAIL_TOKEN_TTL_HOURS,
  MESSAGES,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
  STEP_LABELS,
  VERIFICATION_STEPS,
  type VerificationDetailsRequest,
  type VerificationState,
  type VerificationStep,
  type VerificationSubmitRequest,
} from '../../../shared/contracts/verification';
import type { Mailer } from '../../adapters/mailer';
import type { SmsSender } from '../../adapters/sms';
import { type FileStorage, newStorageKey } from '../../adapters/storage';
import type { Db, Tx } from '../../db/client';
import type { StepReviews, VerificationStatus } from '../../db/schema';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  payloadTooLarge,
  tooManyRequests,
  unsupportedMediaType,
  upstreamFailed,
} from '../../errors';
import { IMAGE_TYPES, PDF_TYPE, type Upload } from '../../plugins/uploads';
import type { SessionUser } from '../auth/sessions';
import { hashToken, newToken } from '../auth/tokens';
import { notificationService } from '../notifications/service';
import { type DocumentRow, type VerificationPatch, type VerificationRow, verificationRepo } from './repo';
import {
  DOCUMENT_STEP,
  isPoliceRecordStale,
  policeRecordExpiresOn,
  reminderCutoff,
  reviewFlags,
  stepStates,
  userDone,
  withoutReviews,
} from './steps';

type Actor = Pick<SessionUser, 'id' | 'userType'>;
type DetailsInput = z.output<typeof VerificationDetailsRequest>;
type SubmitInput = z.output<typeof VerificationSubmitRequest>;

export interface VerificationDeps {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  storage: FileStorage;
  publicUrl: string;
  now?: () => Date;
}

const ALLOWED: Record<DocumentType, readonly string[]> = {
  id: [...IMAGE_TYPES, PDF_TYPE],
  address: [...IMAGE_TYPES, PDF_TYPE],
  police: [...IMAGE_TYPES, PDF_TYPE],
  selfie: IMAGE_TYPES,
};
const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

export const documentUrl = (id: number) => `/api/verification/documents/${id}`;
const otpHash = (userId: number, otp: string) => hashToken(`otp:${userId}:${otp}`);

function latestTypes(docs: DocumentRow[]): Set<DocumentType> {
  return new Set(docs.map((d) => d.type));
}

export function toState(
  v: VerificationRow,
  user: { email: string; phone: string | null },
  docs: DocumentRow[],
  now: Date,
): VerificationState {
  // The newest document of each type is the one under review.
  const latest = new Map<DocumentType, DocumentRow>();
  for (const d of docs) if (!latest.has(d.type)) latest.set(d.type, d);
  return {
    userId: v.userId,
    emailVerified: v.emailVerified,
    phoneVerified: v.phoneVerified,
    idVerified: v.idVerified,
    selfieVerified: v.selfieVerified,
    addressVerified: v.addressVerified,
    backgroundCheckVerified: v.backgroundCheckVerified,
    status: v.status,
    submittedAt: v.submittedAt?.toISOString() ?? null,
    verifiedAt: v.verifiedAt?.toISOString() ?? null,
    rejectionReason: v.rejectionReason,
    email: user.email,
    phone: v.phone ?? user.phone,
    address: v.address,
    idNumber: v.idNumber,
    emergencyContact: v.emergencyContact,
    notes: v.verificationNotes,
    policeRecordIssuedAt: v.policeRecordIssuedAt,
    policeRecordExpiresOn: v.policeRecordIssuedAt ? policeRecordExpiresOn(v.policeRecordIssuedAt) : null,
    policeRecordStale: isPoliceRecordStale(v.policeRecordIssuedAt, now),
    references: v.references,
    consent: Boolean(v.consentAt),
    phoneCodeSentAt: v.phoneOtpSentAt?.toISOString() ?? null,
    steps: stepStates(v, latestTypes(docs)),
    documents: [...latest.values()].map((d) => ({
      id: d.id,
      type: d.type,
      contentType: d.contentType,
      size: d.size,
      createdAt: d.createdAt.toISOString(),
      url: documentUrl(d.id),
    })),
  };
}

/** Someone acting on a user's record must be that user or an admin. */
export function assertSelfOrAdmin(actor: Actor, userId: number | undefined): void {
  if (userId !== undefined && userId !== actor.id && actor.userType !== 'admin') {
    throw forbidden('You can only see and change your own verification.');
  }
}

/** Re-encodes an image without its metadata (EXIF, GPS): what is stored is a clean picture. */
async function cleanImage(buffer: Buffer, type: string): Promise<Buffer> {
  try {
    const img = sharp(buffer, { limitInputPixels: 60_000_000, failOn: 'error' }).rotate();
    if (type === 'image/png') return await img.png().toBuffer();
    if (type === 'image/webp') return await img.webp({ quality: 90 }).toBuffer();
    return await img.jpeg({ quality: 90 }).toBuffer();
  } catch {
    throw unsupportedMediaType('The image could not be read. Upload a clear photo or a PDF.');
  }
}

/** The spec's calls carry a userId; only the caller's own is accepted (admins act through the admin API). */
export function assertSelf(actor: Actor, userId: number | undefined): void {
  if (userId !== undefined && userId !== actor.id) {
    throw forbidden('You can only verify your own account.');
  }
}

export function createVerificationService(deps: VerificationDeps) {
  const { db, mailer, sms, storage } = deps;
  const now = deps.now ?? (() => new Date());

  async function stateOf(tx: Tx, userId: number): Promise<VerificationState> {
    const [v, user, docs] = await Promise.all([
      verificationRepo.find(tx, userId),
      verificationRepo.findUser(tx, userId),
      verificationRepo.documents(tx, userId),
    ]);
    if (!v || !user) throw notFound('No verification record yet.');
    return toState(v, user, docs, now());
  }

  /**
   * The patch for steps the user has redone: their old decision goes, and an approved record goes back
   * to review (the Verified badge stays until an admin rejects something).
   */
  function redo(v: VerificationRow, steps: VerificationStep[]): VerificationPatch {
    if (steps.length === 0) return {};
    const reviews = withoutReviews(v.reviews, steps);
    const patch: VerificationPatch = { reviews, ...reviewFlags(reviews) };
    if (v.status === 'approved') {
      patch.status = 'submitted';
      patch.submittedAt = now();
    }
    return patch;
  }

  async function syncUserStatus(tx: Tx, v: VerificationRow, patch: VerificationPatch) {
    if (patch.status && patch.status !== v.status) {
      await verificationRepo.setUserStatus(tx, v.userId, { verificationStatus: patch.status });
    }
  }

  async function mailUser(userId: number, subject: string, text: string) {
    const user = await verificationRepo.findUser(db, userId);
    if (!user) return;
    await mailer.send({ to: user.email, subject, text: `Hi ${user.firstName},\n\n${text}\n\n— YaadCare` });
  }

  return {
    stateOf: (userId: number) => stateOf(db, userId),

    async get(actor: Actor, userId: number) {
      assertSelfOrAdmin(actor, userId);
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

    async sendEmail(actor: Actor) {
      const token = newToken();
      const user = await db.transaction(async (tx) => {
        const v = await verificationRepo.ensure(tx, actor.id);
        if (v.emailVerified) throw conflict('Your email is already verified.');
        const sentAt = v.emailTokenExpiry
          ? v.emailTokenExpiry.getTime() - EMAIL_TOKEN_TTL_HOURS * 3_600_000
          : 0;
        const wait = Math.ceil((sentAt + OTP_RESEND_SECONDS * 1000 - now().getTime()) / 1000);
        if (wait > 0)
          throw tooManyRequests(`Please wait ${wait} seconds before asking for another email.`, wait);
        await verificationRepo.update(tx, actor.id, {
          emailToken: hashToken(token),
          emailTokenExpiry: new Date(now().getTime() + EMAIL_TOKEN_TTL_HOURS * 3_600_000),
        });
        return verificationRepo.findUser(tx, actor.id);
      });
      const link = `${deps.publicUrl}/background-check?emailToken=${encodeURIComponent(token)}`;
      try {
        await mailer.send({
          to: user!.email,
          subject: 'Verify your email for YaadCare',
          text:
            `Hi ${user!.firstName},\n\nConfirm that this is your email address by opening this link within ` +
            `${EMAIL_TOKEN_TTL_HOURS} hours:\n\n${link}\n\nIf you did not ask for this, ignore this email.\n\n— YaadCare`,
        });
      } catch {
        throw upstreamFailed('Failed to send email verification.');
      }
      // The link goes to the mailbox only: answering with it would let anyone confirm any address.
      return { message: `We sent a verification link to ${user!.email}.` };
    },

    async verifyEmail(actor: Actor, token: string) {
      return db.transaction(async (tx) => {
        const v = await verificationRepo.findByEmailToken(tx, hashToken(token));
        // Someone else's token is as good as none: it must be yours, live, and unused.
        if (!v || v.userId !== actor.id || !v.emailTokenExpiry || v.emailTokenExpiry <= now()) {
          throw badRequest(MESSAGES.invalidEmailToken, 'TOKEN_INVALID_OR_EXPIRED');
        }
        const patch = {
          emailVerified: true,
          emailToken: null,
          emailTokenExpiry: null,
          ...redo(v, ['email']),
        };
        await verificationRepo.update(tx, actor.id, patch);
        await syncUserStatus(tx, v, patch);
        return stateOf(tx, actor.id);
      });
    },

    async sendPhone(actor: Actor, phone: string | undefined) {
      const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const to = await db.transaction(async (tx) => {
        await verificationRepo.ensure(tx, actor.id);
        const v = (await verificationRepo.findForUpdate(tx, actor.id))!;
        const user = (await verificationRepo.findUser(tx, actor.id))!;
        const number = phone ?? v.phone ?? user.phone;
        if (!number) {
          throw badRequest('Add your phone number first.', [{ path: 'phone', message: 'Phone is required' }]);
        }
        if (v.phoneVerified && number === v.phone) throw conflict('This phone number is already verified.');
        if (v.phoneOtpSentAt) {
          const wait = Math.ceil(
            (v.phoneOtpSentAt.getTime() + OTP_RESEND_SECONDS * 1000 - now().getTime()) / 1000,
          );
          if (wait > 0)
            throw tooManyRequests(`Please wait ${wait} seconds before asking for a new code.`, wait);
        }
        await verificationRepo.update(tx, actor.id, {
          phone: number,
          phoneOtp: otpHash(actor.id, otp),
          phoneOtpExpiry: new Date(now().getTime() + OTP_TTL_MINUTES * 60_000),
          phoneOtpAttempts: 0,
          phoneOtpSentAt: now(),
        });
        return number;
      });
      try {
        await sms.send({
          to,
          body: `${otp} is your YaadCare verification code. It expires in ${OTP_TTL_MINUTES} minutes.`,
        });
      } catch {
        throw upstreamFailed('Failed to send SMS verification.');
      }
      // The code goes to the phone only (in demo mode: the SMS outbox and the server log).
      return { message: `We sent a 6-digit code to ${to}.` };
    },

    async verifyPhone(actor: Actor, otp: string) {
      // Wrong tries are counted in a transaction that commits; the error is raised after it.
      const outcome = await db.transaction(async (tx) => {
        const v = await verificationRepo.findForUpdate(tx, actor.id);
        if (!v?.phoneOtp || !v.phoneOtpExpiry || v.phoneOtpExpiry <= now()) return 'invalid' as const;
        if (v.phoneOtpAttempts >= OTP_MAX_ATTEMPTS) return 'locked' as const;
        if (v.phoneOtp !== otpHash(actor.id, otp)) {
          const attempts = v.phoneOtpAttempts + 1;
          await verificationRepo.update(tx, actor.id, { phoneOtpAttempts: attempts });
          return attempts >= OTP_MAX_ATTEMPTS ? ('locked' as const) : ('invalid' as const);
        }
        const patch = {
          phoneVerified: true,
          phoneOtp: null,
          phoneOtpExpiry: null,
          phoneOtpAttempts: 0,
          ...redo(v, ['phone']),
        };
        await verificationRepo.update(tx, actor.id, patch);
        await syncUserStatus(tx, v, patch);
        if (v.phone) await verificationRepo.setUserPhone(tx, actor.id, v.phone);
        return stateOf(tx, actor.id);
      });
      if (outcome === 'invalid') throw badRequest(MESSAGES.invalidOtp, 'TOKEN_INVALID_OR_EXPIRED');
      if (outcome === 'locked') {
        throw tooManyRequests(
          'Too many wrong codes. Request a new code.',
          undefined,
          'CODE_ATTEMPTS_EXCEEDED',
        );
      }
      return outcome;
    },

    async uploadDocument(actor: Actor, type: DocumentType, upload: Upload) {
      const sniffed = upload.sniffedType;
      if (!sniffed || !ALLOWED[type].includes(sniffed)) {
        throw unsupportedMediaType(
          type === 'selfie'
            ? 'A selfie must be a photo (JPEG, PNG or WebP).'
            : 'Upload a photo (JPEG, PNG or WebP) or a PDF.',
        );
      }
      if (upload.buffer.length > DOCUMENT_MAX_BYTES)
        throw payloadTooLarge('The file is too large. The limit is 10 MB.');
      const body = sniffed === PDF_TYPE ? upload.buffer : await cleanImage(upload.buffer, sniffed);
      const key = newStorageKey(`documents/${actor.id}`, EXT[sniffed]);
      await storage.put(key, body, sniffed);
      try {
        const doc = await db.transaction(async (tx) => {
          await verificationRepo.ensure(tx, actor.id);
          const v = (await verificationRepo.findForUpdate(tx, actor.id))!;
          const row = await verificationRepo.addDocument(tx, {
            userId: actor.id,
            type,
            storageKey: key,
            contentType: sniffed,
            size: body.length,
            originalName: upload.filename,
          });
          const urlColumn =
            type === 'id'
              ? 'idDocumentUrl'
              : type === 'selfie'
                ? 'selfieUrl'
                : type === 'address'
                  ? 'addressProofUrl'
                  : null;
          const patch: VerificationPatch = {
            ...(urlColumn ? { [urlColumn]: documentUrl(row.id) } : {}),
            ...redo(v, [DOCUMENT_STEP[type]]),
          };
          await verificationRepo.update(tx, actor.id, patch);
          await syncUserStatus(tx, v, patch);
          return row;
        });
        return {
          message: 'Document uploaded successfully',
          document: {
            id: doc.id,
            type: doc.type,
            contentType: doc.contentType,
            size: doc.size,
            createdAt: doc.createdAt.toISOString(),
            url: documentUrl(doc.id),
          },
        };
      } catch (err) {
        await storage.delete(key).catch(() => {});
        throw err;
      }
    },

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
        await notificationService.addForAdmins(tx, {
          kind: 'verification.submitted',
          title: 'Verification to review',
          body: `${user?.firstName} ${user?.lastName} submitted their verification for review.`,
          link: '/admin',
        });
        return stateOf(tx, actor.id);
      });
      return result;
    },

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
          await notificationService.add(tx, {
            userId,
            kind: 'verification.rejected',
            title,
            body,
            link: '/background-check',
          });
          mail = {
            subject: `Your YaadCare verification: ${title}`,
            text: `${body}\n\nOpen ${deps.publicUrl}/background-check to update it.`,
          };
        } else if (status === 'approved' && v.status !== 'approved') {
          const body =
            'Every step of your verification is approved. Your profile now shows the Verified badge.';
          await notificationService.add(tx, {
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

    /** A document's bytes, for its owner or an admin. */
    async document(actor: Actor, id: number) {
      const doc = await verificationRepo.findDocument(db, id);
      if (!doc) throw notFound('Document not found');
      assertSelfOrAdmin(actor, doc.userId);
      const body = await storage.get(doc.storageKey);
      if (!body) throw notFound('Document not found');
      return { doc, body };
    },

    /**
     * Reminds caregivers whose police record turns 12 months old within 30 days (once per record):
     * in-app and by email. Safe to run from several instances at once.
     */
    async remindPoliceRecordRenewals(): Promise<number> {
      const due = await db.transaction(async (tx) => {
        const claimed = await verificationRepo.claimDueReminders(tx, reminderCutoff(now()));
        for (const c of claimed) {
          const expires = policeRecordExpiresOn(c.issuedAt!);
          await notificationService.add(tx, {
            userId: c.userId,
            kind: 'verification.police-record-renewal',
            title: 'Renew your police record',
            body: `Your police record (certificate of character) turns 12 months old on ${expires}. Upload a new one to stay verified.`,
            link: '/background-check',
          });
        }
        return claimed;
      });
      for (const c of due) {
        await mailUser(
          c.userId,
          'Time to renew your police record',
          `Your police record (certificate of character) turns 12 months old on ${policeRecordExpiresOn(c.issuedAt!)}. ` +
            `Get a new one from the Jamaica Constabulary Force and upload it at ${deps.publicUrl}/background-check.`,
        ).catch(() => {});
      }
      return due.length;
    },
  };
}

/** The columns to write for the given details, and the steps they reopen. */
function applyDetails(v: VerificationRow, input: DetailsInput): VerificationPatch {
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

export type VerificationService = ReturnType<typeof createVerificationService>;
