import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/contracts/common';
import { EarningsView, PayoutAccountRequest, PayoutAccountView } from '../../../shared/contracts/payments';
import { currentUser } from '../../plugins/auth';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Earnings and payout settings (issue 5 item 6); admins run the payouts by POST /api/admin/jobs/payouts/run (job-routes.ts). */
export async function payoutRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Built with the app (src/server/wiring/services.ts): production without PAYOUT_ENCRYPTION_KEY stops at start.
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
}
