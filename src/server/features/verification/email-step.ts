import { EMAIL_TOKEN_TTL_HOURS, MESSAGES, OTP_RESEND_SECONDS } from '../../../shared/contracts/verification';
import { hashToken, newToken } from '../../core/tokens';
import { badRequest, conflict, tooManyRequests, upstreamFailed } from '../../errors';
import { verificationRepo } from './repo';
import type { Actor, VerificationContext } from './status-model';

/** The e-mail step: a link to the mailbox (never in the response), confirmed by its token. */
export function createEmailStep(ctx: VerificationContext) {
  const { db, mailer, now, redo, syncUserStatus, stateOf, publicUrl } = ctx;
  return {
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
      const link = `${publicUrl}/background-check?emailToken=${encodeURIComponent(token)}`;
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
  };
}
