import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CaregiverIdParam, PageQuery, PublicReview } from '../../../shared/contracts/caregivers';
import { ErrorResponse } from '../../../shared/contracts/common';
import { notFound } from '../../errors';
import { CAREGIVER_NOT_FOUND, initial, mayViewProfile } from '../caregivers/service';
import { reviewRepo } from './repo';

export async function reviewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/reviews/caregiver/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reviews'],
        summary: "A caregiver's reviews, newest first; total in X-Total-Count",
        params: CaregiverIdParam,
        querystring: PageQuery,
        response: { 200: z.array(PublicReview), 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (req, reply) => {
      const caregiver = await reviewRepo.findCaregiver(app.db, req.params.id);
      // A hidden profile hides its reviews too (same rule as the profile).
      if (!caregiver || !mayViewProfile(caregiver, req.user)) throw notFound(CAREGIVER_NOT_FOUND);
      const { rows, total } = await reviewRepo.listForCaregiver(app.db, req.params.id, req.query);
      reply.header('x-total-count', String(total));
      return rows.map((row) => ({
        id: row.id,
        rating: row.rating,
        comment: row.comment,
        createdAt: row.createdAt.toISOString(),
        family: { firstName: row.familyFirstName, lastName: initial(row.familyLastName) },
      }));
    },
  );
}
