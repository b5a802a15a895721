import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses, IdParam } from '../../../shared/contracts/common';
import {
  ReconciliationMismatch,
  ReconciliationMismatchesQuery,
  ReconciliationMismatchList,
  ReconciliationRunList,
  ReconciliationRunNow,
  ResolveMismatchRequest,
} from '../../../shared/contracts/reconciliation';
import { runJob } from '../../jobs/scheduler';
import { currentUser } from '../../plugins/auth';
import { reconciliationJob } from './jobs';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The money audit (ADR 0041): admins only, decided before the body is read. */
export function reconciliationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = () => app.services.reconciliation;

  r.get(
    '/api/admin/money-audit/mismatches',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary:
          'Admins only: differences the daily reconciliation found between the payment provider’s record and ours (payments, ledger, bookings, plan charges), newest first, with their state and who resolved them',
        querystring: ReconciliationMismatchesQuery,
        response: { 200: ReconciliationMismatchList, ...errors },
      },
    },
    async (req) => service().list(req.query),
  );

  r.get(
    '/api/admin/money-audit/runs',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Admins only: the last 30 reconciliation runs, newest first',
        response: { 200: ReconciliationRunList, ...errors },
      },
    },
    async () => service().runs(),
  );

  r.post(
    '/api/admin/money-audit/run',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary:
          'Admins only: run the reconciliation now, under the daily job’s lock (ran false when a run is in progress)',
        response: { 200: ReconciliationRunNow, ...errors },
      },
    },
    async () => {
      const { ran, result } = await runJob(app, reconciliationJob, app.now());
      return { ran, result: result as ReconciliationRunNow['result'] };
    },
  );

  r.post(
    '/api/admin/money-audit/mismatches/:id/resolve',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: 'Admins only: resolve a mismatch with a note saying how; the admin and the time are kept',
        params: IdParam,
        body: ResolveMismatchRequest,
        response: { 200: ReconciliationMismatch, ...errors },
      },
    },
    async (req) => service().resolve(currentUser(req), req.params.id, req.body),
  );
}
