import { findTown } from '../../../shared/catalog';
import type { Mailer } from '../../adapters/mailer';
import { toPublicUser } from '../../core/public-user';
import { hashToken, newToken } from '../../core/tokens';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, isUniqueViolation, unauthorized } from '../../errors';
import { isCommonPassword, type PasswordHasher } from './passwords';
import { userRepo } from './repo';
import { sessions } from './sessions';
import { loginThrottle } from './throttle';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const INVALID_RESET = 'This password reset link is invalid or has expired.';
export const FORGOT_SENT = 'If an account exists for that email, we have sent a link to reset the password.';
export const RESET_TTL_MS = 60 * 60 * 1000;

export interface AuthDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** The server's password hasher (its queue is shared by every service that hashes). */
  passwords: PasswordHasher;
  /** The clock of the login throttle's windows (default: the system clock). */
  now?: () => Date;
}

export interface RequestMeta {
  userAgent?: string;
  ip?: string;
}

function refuseCommon(password: string, field: string): void {
  if (isCommonPassword(password)) {
    const message = 'This password is too common. Choose one that is harder to guess.';
    throw badRequest(message, [{ path: field, message }]);
  }
}

export function createAuthService(deps: AuthDeps) {
  const { db, mailer, passwords } = deps;
  const now = deps.now ?? (() => new Date());
  passwords.prepareDecoy();

  return {
    async signup(
      input: {
        userType: 'family' | 'caregiver';
        firstName: string;
        lastName: string;
        email: string;
        location: string;
        phone?: string;
        password: string;
      },
      meta: RequestMeta,
    ) {
      refuseCommon(input.password, 'password');
      const town = findTown(input.location);
      if (!town)
        throw badRequest('Choose a town from the list', [{ path: 'location', message: 'Unknown town' }]);
      if (await userRepo.findByEmail(db, input.email))
        throw conflict('An account with this email already exists.', 'EMAIL_TAKEN');
      const passwordHash = await passwords.hash(input.password);
      try {
        return await db.transaction(async (tx) => {
          const user = await userRepo.insert(tx, {
            email: input.email,
            password: passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            userType: input.userType,
            phone: input.phone ?? null,
            location: town.name,
            parish: town.parish,
          });
          const token = await sessions.create(tx, user.id, meta);
          return { token, user: toPublicUser(user) };
        });
      } catch (err) {
        // Two signups racing for one address: the unique index decides.
        if (isUniqueViolation(err))
          throw conflict('An account with this email already exists.', 'EMAIL_TAKEN');
        throw err;
      }
    },

    /**
     * Counted (per e-mail and address, and per address) before anything else, so a locked pair costs no
     * hash and an unknown e-mail is limited and timed exactly like a known one (ADR 0010).
     */
    async login(input: { email: string; password: string }, meta: RequestMeta) {
      const at = now();
      await loginThrottle.attempt(db, input.email, meta.ip, at);
      const user = await userRepo.findByEmail(db, input.email);
      const valid = user
        ? await passwords.verify(user.password, input.password)
        : await passwords.verifyAgainstDecoy(input.password);
      if (!user || !valid) throw unauthorized(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
      if (user.suspendedAt)
        throw forbidden('This account has been suspended. Please contact support.', 'ACCOUNT_SUSPENDED');
      return db.transaction(async (tx) => {
        await loginThrottle.succeeded(tx, input.email, meta.ip, at);
        const token = await sessions.create(tx, user.id, meta);
        return { token, user: toPublicUser(user) };
      });
    },

    async logout(sessionId: number | null) {
      if (sessionId) await sessions.revoke(db, sessionId);
    },

    /** Never reveals whether the email has an account, and never answers with the token (it is mailed). */
    async forgotPassword(email: string): Promise<{ message: string }> {
      const user = await userRepo.findByEmail(db, email);
      if (!user || user.suspendedAt) return { message: FORGOT_SENT };
      const token = newToken();
      await userRepo.setResetToken(db, user.id, hashToken(token), new Date(Date.now() + RESET_TTL_MS));
      const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await mailer.send({
        to: user.email,
        subject: 'Reset your YaadCare password',
        text:
          `Hi ${user.firstName},\n\nSomeone (hopefully you) asked to reset the password of your YaadCare account.\n` +
          `Open this link within 1 hour to choose a new password:\n\n${link}\n\n` +
          'If you did not ask for this, ignore this e-mail: your password stays as it is.\n\n— YaadCare',
      });
      return { message: FORGOT_SENT };
    },

    async resetPassword(token: string, newPassword: string): Promise<void> {
      refuseCommon(newPassword, 'newPassword');
      const passwordHash = await passwords.hash(newPassword);
      await db.transaction(async (tx) => {
        const user = await userRepo.consumeResetToken(tx, hashToken(token));
        if (!user) throw badRequest(INVALID_RESET, 'TOKEN_INVALID_OR_EXPIRED');
        await userRepo.setPassword(tx, user.id, passwordHash);
        await loginThrottle.forgetEmail(tx, user.email);
        await sessions.revokeAllForUser(tx, user.id);
      });
    },

    async changePassword(userId: number, sessionId: number | null, current: string, next: string) {
      const user = await userRepo.findById(db, userId);
      if (!user) throw unauthorized();
      if (!(await passwords.verify(user.password, current))) {
        throw badRequest('Current password is incorrect', [
          { path: 'currentPassword', message: 'Current password is incorrect' },
        ]);
      }
      if (current === next) {
        throw badRequest('Choose a new password that differs from the current one', [
          { path: 'newPassword', message: 'Choose a new password that differs from the current one' },
        ]);
      }
      refuseCommon(next, 'newPassword');
      const passwordHash = await passwords.hash(next);
      await db.transaction(async (tx) => {
        await userRepo.setPassword(tx, userId, passwordHash);
        await sessions.revokeAllForUser(tx, userId, sessionId ?? undefined);
      });
    },
  };
}
