import { randomInt } from 'node:crypto';
import {
  MESSAGES,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
} from '../../../shared/contracts/verification';
import { hashToken } from '../../core/tokens';
import { badRequest, conflict, tooManyRequests, upstreamFailed } from '../../errors';
import { verificationRepo } from './repo';
import type { Actor, VerificationContext } from './status-model';

const otpHash = (userId: number, otp: string) => hashToken(`otp:${userId}:${otp}`);

/** The phone step: a 6-digit code by SMS (never in the response), a few tries, then a new code. */
export function createPhoneStep(ctx: VerificationContext) {
  const { db, sms, now, redo, syncUserStatus, stateOf } = ctx;
  return {
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
          // A new number is not verified until its code comes back (notices are texted to verified numbers only).
          ...(number !== v.phone ? { phoneVerified: false } : {}),
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
  };
}
