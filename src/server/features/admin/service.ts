import type { Db } from '../../db/client';
import { conflict, notFound } from '../../errors';
import type { SessionUser } from '../auth/sessions';
import { sessions } from '../auth/sessions';
import { privacyRepo } from '../privacy/service';
import { adminRepo } from './repo';

/**
 * The admin audit trail (admin_audit): other features record their admins' actions here, in their own
 * transaction, and read a record's history back.
 */
export const adminAuditLog = {
  record: adminRepo.addAudit,
  historyOf: adminRepo.auditOf,
};

export function createAdminService(deps: { db: Db }) {
  const { db } = deps;
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
        if (!suspended && (await privacyRepo.isDeleted(tx, userId))) {
          throw conflict('This account was deleted by its owner and cannot be restored.');
        }
        const updated = await adminRepo.setSuspended(tx, userId, suspended ? new Date() : null);
        if (suspended) await sessions.revokeAllForUser(tx, userId);
        return updated;
      });
    },
  };
}
