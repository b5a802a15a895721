import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PublicUser } from '../../../shared/contracts/auth';
import {
  CreateCaregiverRequest,
  MyCaregiverProfile,
  PHOTO_MAX_BYTES,
  PhotoResponse,
  UpdateCaregiverRequest,
  UpdateMeRequest,
} from '../../../shared/contracts/caregiver-profile';
import { ErrorResponse, errorResponses, IfExistsQuery } from '../../../shared/contracts/common';
import { OnboardingDraft, SaveOnboardingDraftRequest } from '../../../shared/contracts/onboarding-draft';
import { currentUser } from '../../plugins/auth';
import { readUpload } from '../../plugins/uploads';

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The caregiver's own profile (onboarding, editing, availability switch) and every user's account details
 * and photo. The public caregiver reads (/api/caregivers/:id, search) belong to caregiver-directory.
 */
export async function myProfileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { caregiverProfile: profile, onboardingDrafts: drafts, account } = app.services;

  r.post(
    '/api/caregivers',
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['caregivers'],
        summary: 'Onboarding: create the signed-in caregiver’s profile (409 if one exists)',
        body: CreateCaregiverRequest,
        response: { 201: MyCaregiverProfile, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await profile.create(currentUser(req).id, req.body)),
  );

  r.get(
    '/api/caregivers/me',
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['caregivers'],
        summary:
          'The signed-in caregiver’s own profile (404 before onboarding; with ifExists=true, 200 and null)',
        querystring: IfExistsQuery,
        response: { 200: MyCaregiverProfile.nullable(), ...errors },
      },
    },
    async (req) =>
      req.query.ifExists ? profile.findMine(currentUser(req).id) : profile.getMine(currentUser(req).id),
  );

  r.get(
    '/api/caregivers/me/onboarding-draft',
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['caregivers'],
        summary: 'The signed-in caregiver’s unfinished onboarding wizard, prefilled from signup',
        response: { 200: OnboardingDraft, ...errors },
      },
    },
    async (req) => drafts.get(currentUser(req).id),
  );

  r.put(
    '/api/caregivers/me/onboarding-draft',
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['caregivers'],
        summary: 'Save the onboarding wizard’s step and values (on each Next); 409 once the profile exists',
        body: SaveOnboardingDraftRequest,
        response: { 200: OnboardingDraft, ...errors },
      },
    },
    async (req) => drafts.save(currentUser(req).id, req.body),
  );

  r.delete(
    '/api/caregivers/me/onboarding-draft',
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['caregivers'],
        summary: 'Discard the onboarding draft (start over)',
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await drafts.discard(currentUser(req).id);
      return reply.code(204).send(null);
    },
  );

  r.patch(
    '/api/caregivers/me',
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['caregivers'],
        summary: 'Edit the signed-in caregiver’s profile, availability or the Available for bookings switch',
        body: UpdateCaregiverRequest,
        response: { 200: MyCaregiverProfile, ...errors },
      },
    },
    async (req) => profile.update(currentUser(req).id, req.body),
  );

  r.patch(
    '/api/users/me',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary:
          'Edit your name, phone, town, time zone (IANA, e.g. America/Toronto) or currency for estimates (JMD, USD, GBP, CAD, EUR); send only what changes',
        body: UpdateMeRequest,
        response: { 200: PublicUser, ...errors },
      },
    },
    async (req) => account.updateMe(currentUser(req).id, req.body),
  );

  r.post(
    '/api/users/me/photo',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Upload a profile photo (multipart field `photo`: JPEG, PNG or WebP, at most 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: PhotoResponse, ...errors, 413: ErrorResponse, 415: ErrorResponse },
      },
    },
    async (req) => {
      const upload = await readUpload(req, 'photo', PHOTO_MAX_BYTES);
      const { ms, ...urls } = await account.setPhoto(currentUser(req).id, upload.buffer, upload.sniffedType);
      req.log.info({ ms, bytes: upload.buffer.length }, 'profile photo resized');
      return urls;
    },
  );

  r.get(
    '/api/photos/:file',
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        summary: 'A profile photo (public, cached for a year: a new photo gets a new name)',
        params: z.object({ file: z.string().max(80) }),
        otherResponses: { 200: { description: 'The photo', contentType: 'image/webp' } },
      },
    },
    async (req, reply) => {
      const body = await account.photo(req.params.file);
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .type('image/webp')
        .send(body);
    },
  );
}
