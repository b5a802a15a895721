import { and, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CaregiverIdParam, PageQuery } from '../../../shared/contracts/caregivers';
import { ErrorResponse, errorResponses, IdParam } from '../../../shared/contracts/common';
import {
  AdminReview,
  AdminReviewsQuery,
  CaregiverReviewsResponse,
  CreateFamilyRatingRequest,
  CreateReviewRequest,
  FamilyRating,
  HideReviewRequest,
  MyReview,
  PublicReviewWithReply,
  ReviewReplyRequest,
} from '../../../shared/contracts/reviews';
import { CAREGIVER_NOT_FOUND, initial, mayViewProfile } from '../../../shared/public-profile';
import { reviewStatus } from '../../../shared/review-window';
import { caregivers, reviews, users } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { getWithSpecAlias } from '../../plugins/openapi';
import { reviewAdminRepo, reviewRepo } from './repo';

const errors = errorResponses(400, 401, 403, 404, 409);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function myReview(r: typeof reviews.$inferSelect): MyReview {
  return {
    id: r.id,
    bookingId: r.bookingId,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
    status: reviewStatus(r),
    publishedAt: iso(r.publishedAt),
  };
}

export async function reviewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.reviews;

  // The spec's path, served as it is but left out of the OpenAPI document: beside /api/reviews/{id}/reply its
  // template is ambiguous, so the document names the alias instead (ADR 0019).
  getWithSpecAlias(
    r,
    { documented: '/api/caregivers/:id/reviews', spec: '/api/reviews/caregiver/:id' },
    {
      config: { access: 'public' },
      schema: {
        tags: ['reviews'],
        summary:
          "A caregiver's published reviews, newest first, with the caregiver's reply; total in X-Total-Count",
        params: CaregiverIdParam,
        querystring: PageQuery,
        response: { 200: z.array(PublicReviewWithReply), 400: ErrorResponse, 404: ErrorResponse },
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
        reply: row.reply
          ? { text: row.reply, createdAt: (row.repliedAt ?? row.createdAt).toISOString() }
          : null,
      }));
    },
  );

  r.post(
    '/api/reviews',
    {
      config: { access: ['family'] },
      schema: {
        tags: ['reviews'],
        summary:
          'The family reviews a completed booking, once, within 14 days. Double-blind: published when the caregiver has rated the family too, or when the 14 days end',
        body: CreateReviewRequest,
        response: { 201: MyReview, ...errors },
      },
    },
    async (req, reply) => {
      const review = await service.create(currentUser(req), req.body);
      return reply.code(201).send(myReview(review));
    },
  );

  r.post(
    '/api/reviews/family-rating',
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['reviews'],
        summary:
          "The caregiver's private rating of the family of a completed booking (never shown to the family)",
        body: CreateFamilyRatingRequest,
        response: { 201: FamilyRating, ...errors },
      },
    },
    async (req, reply) => {
      const rating = await service.rateFamily(currentUser(req), req.body);
      return reply.code(201).send({
        id: rating.id,
        bookingId: rating.bookingId,
        rating: rating.rating,
        comment: rating.comment,
        createdAt: rating.createdAt.toISOString(),
      });
    },
  );

  r.post(
    '/api/reviews/:id/reply',
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['reviews'],
        summary: "The caregiver's one public reply under a published review of their care",
        params: IdParam,
        body: ReviewReplyRequest,
        response: {
          200: z.object({ id: z.number().int(), reply: z.string(), repliedAt: z.string() }),
          ...errors,
        },
      },
    },
    async (req) => {
      const updated = await service.reply(currentUser(req), req.params.id, req.body.reply);
      return {
        id: updated.id,
        reply: updated.reply ?? '',
        repliedAt: (updated.repliedAt ?? new Date()).toISOString(),
      };
    },
  );

  r.get(
    '/api/reviews/mine',
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['reviews'],
        summary:
          "The signed-in caregiver's published reviews (to reply to) and how many wait for publication",
        response: { 200: CaregiverReviewsResponse, ...errors },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const [me] = await app.db
        .select({ id: caregivers.id })
        .from(caregivers)
        .where(eq(caregivers.userId, user.id));
      if (!me) throw notFound('Caregiver profile not found');
      const [published, [{ waiting }]] = await Promise.all([
        app.db
          .select({ review: reviews, firstName: users.firstName, lastName: users.lastName })
          .from(reviews)
          .innerJoin(users, eq(users.id, reviews.familyId))
          .where(
            and(eq(reviews.caregiverId, me.id), isNotNull(reviews.publishedAt), isNull(reviews.hiddenAt)),
          )
          .orderBy(desc(reviews.publishedAt), desc(reviews.id))
          .limit(50),
        app.db
          .select({ waiting: count() })
          .from(reviews)
          .where(and(eq(reviews.caregiverId, me.id), isNull(reviews.publishedAt))),
      ]);
      return {
        published: published.map(({ review, firstName, lastName }) => ({
          id: review.id,
          bookingId: review.bookingId,
          rating: review.rating,
          comment: review.comment,
          createdAt: review.createdAt.toISOString(),
          family: { firstName, lastName: initial(lastName) },
          reply: review.reply
            ? { text: review.reply, createdAt: (review.repliedAt ?? review.createdAt).toISOString() }
            : null,
        })),
        waiting: Number(waiting),
      };
    },
  );

  r.get(
    '/api/admin/reviews',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['reviews', 'admin'],
        summary: 'Reviews for moderation, newest first; total in X-Total-Count',
        querystring: AdminReviewsQuery,
        response: { 200: z.array(AdminReview), ...errors },
      },
    },
    async (req, reply) => {
      const { items, total } = await reviewAdminRepo.list(app.db, req.query);
      reply.header('x-total-count', String(total));
      return items.map((i) => ({
        id: i.review.id,
        bookingId: i.review.bookingId,
        rating: i.review.rating,
        comment: i.review.comment,
        createdAt: i.review.createdAt.toISOString(),
        publishedAt: iso(i.review.publishedAt),
        hiddenAt: iso(i.review.hiddenAt),
        hiddenReason: i.review.hiddenReason,
        reply: i.review.reply,
        caregiver: { id: i.caregiverId, firstName: i.caregiverFirstName, lastName: i.caregiverLastName },
        family: { firstName: i.familyFirstName, lastName: i.familyLastName },
      }));
    },
  );

  r.post(
    '/api/admin/reviews/:id/hide',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['reviews', 'admin'],
        summary: 'Hide a review that breaks the rules (with a reason); the averages follow',
        params: IdParam,
        body: HideReviewRequest,
        response: { 200: MyReview, ...errors },
      },
    },
    async (req) =>
      myReview(await service.setHidden(currentUser(req), req.params.id, { reason: req.body.reason })),
  );

  r.post(
    '/api/admin/reviews/:id/unhide',
    {
      config: { access: ['admin'] },
      schema: {
        tags: ['reviews', 'admin'],
        summary: 'Show a hidden review again; the averages follow',
        params: IdParam,
        response: { 200: MyReview, ...errors },
      },
    },
    async (req) => {
      const user = currentUser(req);
      if (user.userType !== 'admin') throw forbidden();
      return myReview(await service.setHidden(user, req.params.id, null));
    },
  );
}
