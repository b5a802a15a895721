import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../shared/contracts/common';
import { EarningsView, PayoutAccountRequest, PayoutAccountView } from '../../../shared/contracts/payments';
import { badRequest } from '../../errors';
import { type Job, runJob } from '../../jobs/scheduler';
import { currentUser } from '../../plugins/auth';
import { fridayPayoutJob } from './jobs';

const errors = errorResponses(400, 401, 403, 404, 409);

const RunJobRequest = z
  .object({
    /** Demo mode only: run as if it were this moment (to show expiry, completion and payouts). */
    asOf: z.iso.datetime({ offset: true }).optional(),
  })
  .optional();

/** Earnings, payout settings and the payout run (issue 5 item 6). */
export interface PayoutRouteOptions {
  /** The bookings' lifecycle job (expiry and completion), run by hand from the admin page (app.ts passes it). */
  bookingLifecycleJob: Job;
}

export async function payoutRoutes(app: FastifyInstance, opts: PayoutRouteOptions) {
  const { bookingLifecycleJob } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Built with the app (src/server/services.ts): production without PAYOUT_ENCRYPTION_KEY stops at start.
  const service = app.services.payouts;

  r.get(
    '/api/earnings',
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['payouts'],
        summary: 'My earnings from the ledger: totals (available, pending, paid) and each earning and payout',
        response: { 200: EarningsView, ...errors },
      },
    },
    async (req) => service.earnings(currentUser(req), new Date()),
  );

  r.get(
    '/api/payment-settings',
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['payouts'],
        summary: 'Where my payouts go (account number masked)',
        response: { 200: PayoutAccountView, ...errors },
      },
    },
    async (req) => service.getAccount(currentUser(req)),
  );

  r.put(
    '/api/payment-settings',
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['payouts'],
        summary: 'Set the payout bank account (the number is stored encrypted)',
        body: PayoutAccountRequest,
        response: { 200: PayoutAccountView, ...errors },
      },
    },
    async (req) => service.saveAccount(currentUser(req), req.body),
  );

  const jobs = { payouts: fridayPayoutJob, 'bookings-lifecycle': bookingLifecycleJob } as const;
  r.post(
    '/api/admin/jobs/:name/run',
    {
      config: { access: ['admin'], moneyMoving: true },
      schema: {
        tags: ['admin'],
        summary:
          'Run a money job now: payouts (pays available balances today, any weekday) or bookings-lifecycle. asOf only in demo mode.',
        params: z.object({ name: z.enum(['payouts', 'bookings-lifecycle']) }),
        body: RunJobRequest,
        response: { 200: z.object({ ran: z.boolean(), result: z.unknown().optional() }), ...errors },
      },
    },
    async (req) => {
      if (req.body?.asOf && !app.env.demoMode) throw badRequest('asOf is only available in demo mode.');
      const now = req.body?.asOf ? new Date(req.body.asOf) : new Date();
      if (req.params.name === 'payouts') {
        // By hand: pay now whatever the weekday, under the same lock as the Friday job.
        return runJob(app, { ...jobs.payouts, run: () => service.run(now) }, now);
      }
      return runJob(app, jobs[req.params.name], now);
    },
  );
}
