import type { Db, Tx } from '../../db/client';
import { conflict, notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { adminRepo } from './repo';

/**
 * The admin audit trail (admin_audit): other features record their admins' actions here, in their own
 * transaction, and read a record's history back.
 */
export const adminAuditLog = {
  record: adminRepo.addAudit,
  historyOf: adminRepo.auditOf,
};

/** What suspending needs of other features (given by services.ts). */
export interface AdminAccounts {
  /** Whether the user deleted their own account (privacy): such an account is never restored. */
  isDeleted(tx: Tx, userId: number): Promise<boolean>;
  /** Signs the user out everywhere (auth). */
  revokeSessions(tx: Tx, userId: number): Promise<void>;
}

export function createAdminService(deps: { db: Db; accounts: AdminAccounts }) {
  const { db, accounts } = deps;
  return {
    /**
     * Suspends a user (every session revoked, logins refused, a caregiver's profile unlisted) or restores them.
     * Admins cannot suspend themselves or another admin.
     */
    async setSuspended(actor: Pick<SessionUser, 'id'>, userId: number, suspended: boolean) {
      return db.transaction(async (tx) => {
        const user = await adminRepo.findUser(tx, userId);
        if (!user) throw notFound('No such user.');
        if (user.id === actor.id) throw conflict('You cannot suspend your own account.');
        if (user.userType === 'admin') throw conflict('Admins cannot be suspended here.');
        if (!suspended && (await accounts.isDeleted(tx, userId))) {
          throw conflict('This account was deleted by its owner and cannot be restored.');
        }
        const updated = await adminRepo.setSuspended(tx, userId, suspended ? new Date() : null);
        if (suspended) await accounts.revokeSessions(tx, userId);
        return updated;
      });
    },
  };
}
