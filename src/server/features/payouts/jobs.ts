import { jamaicaToday } from '../../../shared/time';
import type { Job } from '../../jobs/scheduler';
import { isFriday } from './service';

/**
 * Friday payouts (America/Jamaica): checked hourly, pays on Fridays only; the payout per caregiver per
 * Friday is unique, so later runs that day (or on another instance) pay nothing more.
 */
export const fridayPayoutJob: Job = {
  name: 'payouts.friday',
  moneyMoving: true,
  everyMs: 60 * 60_000,
  async run({ app, now, signal }) {
    if (!isFriday(jamaicaToday(now))) return undefined;
    return app.services.payouts.run(now, undefined, signal);
  },
};
