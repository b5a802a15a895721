import { BOOKING_MESSAGES, type EndAfterTrialResult } from '../../../shared/contracts/bookings';
import { conflict, notFound } from '../../errors';
import { type Actor, type BookingContext, sendAfterCommit } from './booking-context';
import { caregiverSideOf, familySideOf, partyNames, tell } from './counter-notices';
import { describeWhen } from './notices';
import { sideOfActor } from './party-side';
import { bookingRepo, caregiverSees } from './repo';
import { applyTransition } from './transition-booking';
import { sideOf, trialRepo } from './trial-repo';
import { trialEndable } from './trial-rules';

/**
 * Ending the relationship after a trial visit (ADR 0048): the family side or the caregiver of a completed trial
 * booking, within TRIAL_END_WINDOW_DAYS of its end, cancels every booking between them still to come, with
 * cancel reason 'trial_ended': no fee for either side, everything held or paid for them released or refunded
 * in full by the settlement's release path. The other side hears of it once.
 */
export function trialEndings(ctx: BookingContext) {
  return {
    async endAfterTrial(actor: Actor, id: number, reason?: string): Promise<EndAfterTrialResult> {
      const at = ctx.now();
      const { result, mails } = await ctx.db.transaction(async (tx) => {
        const trial = await bookingRepo.lock(tx, id);
        if (!trial) throw notFound(BOOKING_MESSAGES.notYours);
        const who = await sideOfActor(ctx, tx, actor, trial);
        if (trial.trialEndedAt !== null)
          throw conflict(BOOKING_MESSAGES.trialAlreadyEnded, 'BOOKING_INVALID_TRANSITION');
        if (!trialEndable(trial, at))
          throw conflict(BOOKING_MESSAGES.trialNotEndable, 'BOOKING_INVALID_TRANSITION');
        const future = await trialRepo.futureBetween(tx, trial.caregiverId, sideOf(trial), at);
        for (const b of future) {
          await applyTransition(
            ctx,
            tx,
            b,
            {
              from: [b.status],
              to: 'cancelled',
              patch: { cancelledAt: at, cancelledBy: actor.id, cancelReason: 'trial_ended' },
            },
            actor.id,
            at,
            { notify: false },
          );
        }
        if (!(await trialRepo.markEnded(tx, id, actor.id, at)))
          throw conflict(BOOKING_MESSAGES.trialAlreadyEnded, 'BOOKING_INVALID_TRANSITION');
        const names = await partyNames(ctx, tx, id);
        const said = reason ? ` They said: “${reason}”` : '';
        const trialWhen = describeWhen(trial);
        // The caregiver counts only what reached them (a circle's booking awaiting approval never did).
        const seen = future.filter(caregiverSees).length;
        const plural = (n: number) => `${n} upcoming booking${n === 1 ? '' : 's'}`;
        const mails =
          who.side === 'family'
            ? await tell(
                ctx,
                tx,
                await caregiverSideOf(tx, id),
                {
                  kind: 'booking.trial_ended',
                  title: 'Ended after the trial visit',
                  body: `${names.family} decided not to continue after the trial visit on ${trialWhen}.${said} ${seen ? `${plural(seen)} with them ${seen === 1 ? 'was' : 'were'} cancelled.` : 'No bookings were left to cancel.'} No cancellation fee applies to either side.`,
                },
                at,
              )
            : await tell(
                ctx,
                tx,
                await familySideOf(ctx, tx, id),
                {
                  kind: 'booking.trial_ended',
                  title: 'Ended after the trial visit',
                  body: `${names.caregiver} decided not to continue after the trial visit on ${trialWhen}.${said} ${future.length ? `${plural(future.length)} with them ${future.length === 1 ? 'was' : 'were'} cancelled; anything held or paid for them is released or refunded in full.` : 'No bookings were left to cancel.'} No cancellation fee applies to either side.`,
                },
                at,
              );
        return { result: { bookingId: id, cancelledBookingIds: future.map((b) => b.id) }, mails };
      });
      await sendAfterCommit(ctx.mailer, mails);
      return result;
    },
  };
}
