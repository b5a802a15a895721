import { eq } from 'drizzle-orm';
import { ACCOUNT_SCRUB_DAYS } from '../../../shared/contracts/privacy';
import type { Mailer } from '../../adapters/mailer';
import type { FileStorage } from '../../adapters/storage';
import type { Db, Tx } from '../../db/client';
import { accountDeletions, caregivers, users } from '../../db/schema';
import { badRequest, conflict, unauthorized } from '../../errors';
import type { PasswordHasher } from '../auth';
import { buildExport } from './export';
import type { PrivacyHooks } from './ports';
import { dueDeletions, NO_PASSWORD, scrubAccount } from './scrub';

export { privacyExportSections } from './export';
export type { ExportSection, PrivacyHooks, Scrubber } from './ports';
export { scrubSeriesAndVisits } from './series-and-visits';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Accounts scrubbed per job run; the next run takes the rest. */
const SCRUB_BATCH = 100;

const privacyRepo = {
  async isDeleted(tx: Tx, userId: number): Promise<boolean> {
    const [row] = await tx
      .select({ userId: accountDeletions.userId })
      .from(accountDeletions)
      .where(eq(accountDeletions.userId, userId))
      .limit(1);
    return Boolean(row);
  },
};

export function createPrivacyService(deps: {
  db: Db;
  mailer: Mailer;
  storage: FileStorage;
  /** The server's password hasher (the account's password is checked before deletion). */
  passwords: PasswordHasher;
  log?: { error: (obj: object, msg: string) => void };
  /** Care circles: their export section, and leaving them inside the deletion (which they may refuse, 409). */
  circles?: {
    exportFor(tx: Tx, user: { id: number; email: string }): Promise<unknown>;
    releaseForDeletion(tx: Tx, userId: number, at: Date): Promise<void>;
  };
  /** Saved cards: removed with the deletion (no hold can be placed on a deleted account's card). */
  savedCards?: {
    removeAllFor(tx: Tx, userId: number): Promise<string[]>;
    forgetAtProvider(refs: string[]): Promise<void>;
  };
  /** The other features' export sections and erasers, e-mail preferences and sessions (privacy-hooks.ts). */
  hooks: PrivacyHooks;
}) {
  const { db, mailer, storage, passwords } = deps;
  return {
    /** Whether the user deleted their own account (an admin may not restore it). */
    isDeleted: (tx: Tx, userId: number) => privacyRepo.isDeleted(tx, userId),

    async exportData(userId: number, now = new Date()) {
      const data = await buildExport(db, userId, now, deps.hooks);
      if (!data) throw unauthorized();
      const careCircles = await deps.circles?.exportFor(db, { id: userId, email: data.profile.email });
      return { ...data, careCircles: careCircles ?? null };
    },

    /**
     * Deletes the caller's own account: checks the password, then at once revokes every session, locks the
     * account (no login, no password reset) and takes a caregiver out of search and off their public page.
     * The personal data is scrubbed by the privacy job after ACCOUNT_SCRUB_DAYS.
     */
    async deleteAccount(userId: number, password: string, now = new Date()) {
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw unauthorized();
      if (!(await passwords.verify(user.password, password))) {
        throw badRequest('Password is incorrect', [{ path: 'password', message: 'Password is incorrect' }]);
      }
      if (user.userType === 'admin') {
        throw conflict('Admin accounts cannot be deleted here. Ask another admin to remove your access.');
      }
      const scrubAfter = new Date(now.getTime() + ACCOUNT_SCRUB_DAYS * DAY_MS);
      const cardRefs = await db.transaction(async (tx) => {
        // First: a circle that would be left without a coordinator or payer refuses the deletion (409).
        await deps.circles?.releaseForDeletion(tx, userId, now);
        await tx
          .insert(accountDeletions)
          .values({ userId, requestedAt: now, scrubAfter })
          .onConflictDoNothing();
        await tx
          .update(users)
          .set({
            suspendedAt: now,
            password: NO_PASSWORD,
            resetToken: null,
            resetTokenExpiry: null,
            updatedAt: now,
          })
          .where(eq(users.id, userId));
        await tx
          .update(caregivers)
          .set({ isActive: false, updatedAt: now })
          .where(eq(caregivers.userId, userId));
        await deps.hooks.revokeSessions(tx, userId);
        return (await deps.savedCards?.removeAllFor(tx, userId)) ?? [];
      });
      await deps.savedCards?.forgetAtProvider(cardRefs);
      try {
        await mailer.send({
          to: user.email,
          subject: 'Your YaadCare account has been deleted',
          text:
            `Hi ${user.firstName},\n\nAs you asked, your YaadCare account has been deleted and you have been signed out ` +
            `everywhere. Your personal data will be removed within ${ACCOUNT_SCRUB_DAYS} days; records of payments ` +
            'that the law requires us to keep are anonymised.\n\nIf you did not ask for this, reply to this e-mail ' +
            'straight away.\n\n— YaadCare',
        });
      } catch (err) {
        deps.log?.error({ err }, 'account deletion mail not sent');
      }
      return {
        message: `Your account has been deleted. Your personal data will be removed within ${ACCOUNT_SCRUB_DAYS} days.`,
        scrubAfter: scrubAfter.toISOString(),
      };
    },

    /** The job: scrubs every account whose grace period ended by `now`. Idempotent. */
    async scrubDue(now: Date) {
      const due = await dueDeletions(db, now, SCRUB_BATCH);
      let scrubbed = 0;
      for (const userId of due) {
        const files = await db.transaction((tx) => scrubAccount(tx, userId, now, deps.hooks.erasers));
        scrubbed += 1;
        for (const key of files) {
          try {
            await storage.delete(key);
          } catch (err) {
            deps.log?.error({ err, key }, 'deleted account: file not removed');
          }
        }
      }
      return { scrubbed };
    },
  };
}
