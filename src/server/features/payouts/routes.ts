import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, IdParam } from '../../../shared/contracts/common';
import {
  EarningsView,
  PayoutAccountRequest,
  PayoutAccountView,
  PayoutBatchView,
} from '../../../shared/contracts/payments';
import { z } from '../../../shared/contracts/zod';
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
        summary:
          'Set the payout bank account (the number is stored encrypted; only its last 4 digits come back). ' +
          'bankCode (a Jamaican bank of the catalog), branch (5 digits) and accountType (savings | chequing) ' +
          'are optional for older clients, which name the bank in bankName; with a bankCode the branch and ' +
          'account type are required (ADR 0052)',
        body: PayoutAccountRequest,
        response: { 200: PayoutAccountView, ...errors },
      },
    },
    async (req) => service.saveAccount(currentUser(req), req.body),
  );

  r.get(
    '/api/admin/payouts/batches',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['payouts'],
        summary: 'Admins only: the payout runs’ bank-transfer batch files, newest first (ADR 0052)',
        response: { 200: z.array(PayoutBatchView), ...errorResponses(401, 403) },
      },
    },
    async () => service.listBatches(),
  );

  r.get(
    '/api/admin/payouts/batches/:id/batch.csv',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['payouts'],
        summary:
          'Admins only: a payout run’s bank-transfer batch file (CSV: header, one line per payee with the full ' +
          'account number, trailer with count, total and control sum; ADR 0052)',
        params: IdParam,
        otherResponses: {
          200: { description: 'The batch file', contentType: 'text/csv' },
          400: 'error',
          401: 'error',
          403: 'error',
          404: 'error',
        },
      },
    },
    async (req, reply) => {
      const { csv, payoutDate } = await service.batchCsv(req.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="yaadcare-bank-file-${payoutDate}-${req.params.id}.csv"`,
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(csv);
    },
  );
}
