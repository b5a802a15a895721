import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../shared/contracts/common';
import { badRequest, notFound } from '../errors';
import { type Job, runJob } from '../jobs/scheduler';
import { JOBS } from './jobs';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The names this route took before it knew the whole job table (the admin console, the browser tests and the
 * race harness call them): `payouts` pays available balances now whatever the weekday, under the lock of
 * `payouts.friday`; `bookings-lifecycle` is `bookings.lifecycle`.
 */
const LEGACY_NAMES: Record<string, (app: FastifyInstance, now: Date) => Job | undefined> = {
  payouts: (app, now) => {
    const friday = jobNamed('payouts.friday');
    return friday && { ...friday, run: () => app.services.payouts.run(now) };
  },
  'bookings-lifecycle': () => jobNamed('bookings.lifecycle'),
};

const jobNamed = (name: string) => JOBS.find((j) => j.name === name);

const RunJobParams = z.object({ name: z.string().min(1).max(100) });

const RunJobRequest = z
  .object({
    /** Demo mode only: run as if it were this moment (to show expiry, completion and payouts). */
    asOf: z.iso.datetime({ offset: true }).optional(),
  })
  .optional();

const RunJobResponse = z.object({
  /** False when another run of the job (the scheduler's, on any instance) held its lock: nothing was done. */
  ran: z.boolean(),
  /** What the run returned, if anything (the job's own summary). */
  result: z.unknown().optional(),
});

/** Admins run any background job once, now, under the lock the scheduler takes (wiring, beside jobs.ts). */
export async function jobRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/admin/jobs/:name/run',
    {
      // Some jobs move money (payouts, holds, reconciliation): the race harness covers the route (ADR 0042).
      config: { access: ['admin'], moneyMoving: true },
      schema: {
        tags: ['admin'],
        summary: 'Admins only: run a background job of the job table now, once, under its lock',
        description:
          `Runs the named job of the job table (src/server/wiring/jobs.ts: ${JOBS.map((j) => j.name).join(', ')}) once, ` +
          'now, under the advisory lock the scheduler takes (`ran: false` when another run holds it). Two older ' +
          'names stay: payouts (pays available balances now, any weekday, under the lock of payouts.friday) and ' +
          'bookings-lifecycle (bookings.lifecycle). An unknown name is 404 JOB_NOT_FOUND. `asOf` (demo mode ' +
          'only, else 400) runs it as if it were that moment.',
        params: RunJobParams,
        body: RunJobRequest,
        response: { 200: RunJobResponse, ...errors },
      },
    },
    async (req) => {
      const now = req.body?.asOf ? new Date(req.body.asOf) : new Date();
      const { name } = req.params;
      const job = Object.hasOwn(LEGACY_NAMES, name) ? LEGACY_NAMES[name](app, now) : jobNamed(name);
      if (!job) throw notFound(`No background job is named ${JSON.stringify(name)}.`, 'JOB_NOT_FOUND');
      if (req.body?.asOf && !app.env.demoMode) throw badRequest('asOf is only available in demo mode.');
      return runJob(app, job, now);
    },
  );
}
