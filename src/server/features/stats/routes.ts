import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PublicStatsResponse } from '../../../shared/contracts/stats';
import { statsRepo } from './repo';

export async function statsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/stats/public',
    {
      config: { access: 'public' },
      schema: {
        tags: ['stats'],
        summary: 'Headline numbers for the public pages: caregivers, families, completed bookings, parishes',
        response: { 200: PublicStatsResponse },
      },
    },
    async (_req, reply) => {
      // The same for everyone and slow to change: shared caches may keep it for a few minutes.
      reply.header('cache-control', 'public, max-age=300');
      return statsRepo.publicStats(app.db);
    },
  );
}
