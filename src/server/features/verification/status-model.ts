import type {
  DocumentType,
  VerificationState,
  VerificationStep,
} from '../../../shared/contracts/verification';
import type { Mailer } from '../../adapters/mailer';
import type { SmsSender } from '../../adapters/sms';
import type { FileStorage } from '../../adapters/storage';
import type { Db, Tx } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { type DocumentRow, type VerificationPatch, type VerificationRow, verificationRepo } from './repo';
import { isPoliceRecordStale, policeRecordExpiresOn, reviewFlags, stepStates, withoutReviews } from './steps';

/**
 * The shared status model of a verification: the state a user and an admin see, who may act on it, and
 * how a redone step goes back to review. Every step's use case (email-step, phone-step, documents,
 * details-step, submission, review, police-record-renewals) is built on the context made here.
 */

export type Actor = Pick<SessionUser, 'id' | 'userType'>;

export interface VerificationDeps {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  storage: FileStorage;
  publicUrl: string;
  now?: () => Date;
}

export const documentUrl = (id: number) => `/api/verification/documents/${id}`;
export function latestTypes(docs: DocumentRow[]): Set<DocumentType> {
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

/** The spec's calls carry a userId; only the caller's own is accepted (admins act through the admin API). */
export function assertSelf(actor: Actor, userId: number | undefined): void {
  if (userId !== undefined && userId !== actor.id) {
    throw forbidden('You can only verify your own account.');
  }
}

/** What every step's use case stands on: the adapters, the clock and the record's shared moves. */
export function createVerificationContext(deps: VerificationDeps) {
  const { db, mailer } = deps;
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

  return { ...deps, now, stateOf, redo, syncUserStatus, mailUser };
}

export type VerificationContext = ReturnType<typeof createVerificationContext>;
