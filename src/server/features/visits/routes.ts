import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BookingIdParam } from '../../../shared/contracts/bookings';
import { ErrorResponse, errorResponses } from '../../../shared/contracts/common';
import {
  CheckInRequest,
  CheckOutRequest,
  VISIT_PHOTO_MAX_BYTES,
  VisitEntry,
  VisitLog,
  VisitLogRequest,
  VisitPhotoFields,
  VisitPhotoParams,
} from '../../../shared/contracts/visits';
import { badRequest } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { readUpload } from '../../plugins/uploads';

/** The photo form's text fields, checked like a JSON body (400 with the fields' messages). */
function photoFields(fields: Record<string, string>): VisitPhotoFields {
  const parsed = VisitPhotoFields.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw badRequest(errors[0]?.message ?? 'Check the form.', errors);
}

const errors = errorResponses(400, 401, 403, 404, 409);
const REPLAY =
  ' A replay of the same clientId answers 200 with the first entry (nothing is written twice); a new entry answers 201.';
const WHO = ' Only the booking’s caregiver (403 for the family side, 404 for anyone else).';
const CLOCK =
  ' Times are the server’s: the phone’s recordedAt counts only within the offline allowance (ADR 0040); a recordedAt before check-in opened (a check-in) or before the check-in (anything else) answers 400.';

/** Check-in, check-out and the visit log of a booking (issue 19, ADR 0028). */
export async function visitRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = app.services.visits;

  r.post(
    '/api/bookings/:id/check-in',
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['visits'],
        summary: `Check in to a confirmed booking, from 30 minutes before its start until its end, once. With consent: true, lat/lng/accuracy may be sent; only the accuracy is kept.${CLOCK}${WHO}${REPLAY}`,
        params: BookingIdParam,
        body: CheckInRequest,
        response: { 200: VisitEntry, 201: VisitEntry, ...errors },
      },
    },
    async (req, reply) => {
      const { entry, replayed } = await service.checkIn(currentUser(req), req.params.id, req.body);
      return reply.code(replayed ? 200 : 201).send(entry);
    },
  );

  r.post(
    '/api/bookings/:id/check-out',
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['visits'],
        summary: `Check out of a checked-in visit, once (the same optional location rule as check-in).${CLOCK}${WHO}${REPLAY}`,
        params: BookingIdParam,
        body: CheckOutRequest,
        response: { 200: VisitEntry, 201: VisitEntry, ...errors },
      },
    },
    async (req, reply) => {
      const { entry, replayed } = await service.checkOut(currentUser(req), req.params.id, req.body);
      return reply.code(replayed ? 200 : 201).send(entry);
    },
  );

  r.post(
    '/api/bookings/:id/log',
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['visits'],
        summary: `Add an entry to the visit log (note, meal, medication, vitals, activity, incident) between check-in and one hour after check-out. An incident notifies the family and the care circle at once; every entry reaches those who may read the log live (realtime event visit_log).${CLOCK}${WHO}${REPLAY}`,
        params: BookingIdParam,
        body: VisitLogRequest,
        response: { 200: VisitEntry, 201: VisitEntry, ...errors },
      },
    },
    async (req, reply) => {
      const { entry, replayed } = await service.addEntry(currentUser(req), req.params.id, req.body);
      return reply.code(replayed ? 200 : 201).send(entry);
    },
  );

  r.get(
    '/api/bookings/:id/log',
    {
      config: { access: 'user' },
      schema: {
        tags: ['visits'],
        summary:
          'The visit log, in the order things happened: the family, the care circle’s members (viewers too), the caregiver and admins (404 for anyone else)',
        params: BookingIdParam,
        response: { 200: VisitLog, ...errors },
      },
    },
    async (req) => service.log(currentUser(req), req.params.id),
  );

  r.post(
    '/api/bookings/:id/log/photo',
    {
      config: { access: ['caregiver'] },
      schema: {
        tags: ['visits'],
        summary: `Add a photo to the visit log (multipart: \`file\` — JPEG, PNG or WebP, at most 8 MB, read from its bytes — \`clientId\`, optional \`caption\` of at most 200 characters and \`recordedAt\`), in the same window as other entries. The image is re-encoded (at most 1600 px, no EXIF or GPS) and kept privately; the entry holds its caption and size, never a URL. Online only: never queued offline.${WHO}${REPLAY}`,
        params: BookingIdParam,
        consumes: ['multipart/form-data'],
        response: { 200: VisitEntry, 201: VisitEntry, ...errors, 413: ErrorResponse, 415: ErrorResponse },
      },
    },
    async (req, reply) => {
      const actor = currentUser(req);
      // Who may write is decided before the body is read.
      await service.assertMayAddPhoto(actor, req.params.id);
      const upload = await readUpload(req, 'file', VISIT_PHOTO_MAX_BYTES);
      const fields = photoFields(upload.fields);
      const { entry, replayed } = await service.addPhoto(actor, req.params.id, fields, upload);
      return reply.code(replayed ? 200 : 201).send(entry);
    },
  );

  r.get(
    '/api/bookings/:id/log/:entryId/photo',
    {
      config: { access: 'user' },
      schema: {
        tags: ['visits'],
        summary:
          'A visit photo’s image (WebP), for those who read the log: the family, the care circle’s members (viewers too), the caregiver and admins (404 for anyone else). Never cached.',
        params: VisitPhotoParams,
        otherResponses: { 200: { description: 'The image', contentType: 'image/webp' } },
      },
    },
    async (req, reply) => {
      const { body, contentType } = await service.photo(currentUser(req), req.params.id, req.params.entryId);
      return reply
        .header('content-type', contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(body);
    },
  );
}
