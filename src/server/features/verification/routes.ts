import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorResponse, errorResponses, IdParam, IfExistsQuery } from '../../../shared/contracts/common';
import {
  CreateVerificationRequest,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  type DocumentType,
  EmailSendRequest,
  EmailSendResponse,
  EmailVerifyRequest,
  PhoneSendRequest,
  PhoneSendResponse,
  PhoneVerifyRequest,
  UploadResponse,
  UserIdParam,
  VerificationDetailsRequest,
  VerificationState,
  VerificationSubmitRequest,
} from '../../../shared/contracts/verification';
import { badRequest } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { readUpload } from '../../plugins/uploads';
import { assertSelf } from './service';

const errors = errorResponses(400, 401, 403, 404, 409, 429, 502);

/** Verification of the signed-in user (docs/product.md#the-api-contract), never of a fixed user id. */
export async function verificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Sending mail and SMS costs money and can be abused across accounts: limit each IP too.
  const perIp = { max: app.env.authRateLimitPerMinute, timeWindow: '1 minute' };
  const service = app.services.verification;

  r.get(
    '/api/verification/:userId',
    {
      config: { access: 'user' },
      schema: {
        tags: ['verification'],
        summary:
          'A verification record: the user themselves or an admin (404 before one exists; with ifExists=true, 200 and null)',
        params: UserIdParam,
        querystring: IfExistsQuery,
        response: { 200: VerificationState.nullable(), ...errors },
      },
    },
    async (req) =>
      req.query.ifExists
        ? service.find(currentUser(req), req.params.userId)
        : service.get(currentUser(req), req.params.userId),
  );

  r.post(
    '/api/verification',
    {
      config: { access: 'user' },
      schema: {
        tags: ['verification'],
        summary: 'Create the verification record of a user: the user themselves or an admin',
        body: CreateVerificationRequest,
        response: { 200: VerificationState, 201: VerificationState, ...errors },
      },
    },
    async (req, reply) => {
      const { created, state } = await service.create(currentUser(req), req.body.userId);
      return reply.code(created ? 201 : 200).send(state);
    },
  );

  r.post(
    '/api/verification/email/send',
    {
      config: { access: 'user', rateLimit: perIp },
      schema: {
        tags: ['verification'],
        summary: 'E-mail a single-use link (24 h) that proves the account’s address',
        body: EmailSendRequest.optional(),
        response: { 200: EmailSendResponse, ...errors },
      },
    },
    async (req) => {
      const user = currentUser(req);
      assertSelf(user, req.body?.userId);
      return service.sendEmail(user);
    },
  );

  r.post(
    '/api/verification/email/verify',
    {
      config: { access: 'user', rateLimit: perIp },
      schema: {
        tags: ['verification'],
        summary: 'Check the token from the e-mailed link',
        body: EmailVerifyRequest,
        response: { 200: VerificationState, ...errors },
      },
    },
    async (req) => service.verifyEmail(currentUser(req), req.body.token),
  );

  r.post(
    '/api/verification/phone/send',
    {
      config: { access: 'user', rateLimit: perIp },
      schema: {
        tags: ['verification'],
        summary: 'Text a 6-digit code (10 minutes, 5 tries, one send a minute)',
        body: PhoneSendRequest.optional(),
        response: { 200: PhoneSendResponse, ...errors },
      },
    },
    async (req) => {
      const user = currentUser(req);
      assertSelf(user, req.body?.userId);
      return service.sendPhone(user, req.body?.phone);
    },
  );

  r.post(
    '/api/verification/phone/verify',
    {
      config: { access: 'user', rateLimit: perIp },
      schema: {
        tags: ['verification'],
        summary: 'Check the texted code',
        body: PhoneVerifyRequest,
        response: { 200: VerificationState, ...errors },
      },
    },
    async (req) => {
      const user = currentUser(req);
      assertSelf(user, req.body.userId);
      return service.verifyPhone(user, req.body.otp);
    },
  );

  r.post(
    '/api/verification/document/upload',
    {
      config: { access: 'user' },
      schema: {
        tags: ['verification'],
        summary:
          'Upload a document (multipart: `document` file and `documentType` id, selfie, address or police; 10 MB; ' +
          'ID, address and police record: photo or PDF, selfie: photo). The type is read from the bytes.',
        consumes: ['multipart/form-data'],
        response: { 201: UploadResponse, ...errors, 413: ErrorResponse, 415: ErrorResponse },
      },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const upload = await readUpload(req, 'document', DOCUMENT_MAX_BYTES);
      const type = upload.fields.documentType as DocumentType;
      if (!DOCUMENT_TYPES.includes(type)) {
        throw badRequest(`documentType must be one of ${DOCUMENT_TYPES.join(', ')}`, [
          { path: 'documentType', message: 'Unknown document type' },
        ]);
      }
      if (upload.fields.userId !== undefined) {
        const id = Number(upload.fields.userId);
        if (!Number.isInteger(id) || id <= 0) throw badRequest('userId must be a positive integer');
        assertSelf(user, id);
      }
      return reply.code(201).send(await service.uploadDocument(user, type, upload));
    },
  );

  r.get(
    '/api/verification/documents/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['verification'],
        summary: 'A document’s file, as an attachment: its owner or an admin only',
        params: IdParam,
        otherResponses: {
          200: { description: 'The file (a PDF or an image)', contentType: 'application/octet-stream' },
        },
      },
    },
    async (req, reply) => {
      const { doc, body } = await service.document(currentUser(req), req.params.id);
      const ext = doc.contentType === 'application/pdf' ? 'pdf' : doc.contentType.split('/')[1];
      return reply
        .header('content-type', doc.contentType)
        .header('content-disposition', `attachment; filename="${doc.type}-${doc.id}.${ext}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(body);
    },
  );

  r.patch(
    '/api/verification/details',
    {
      config: { access: 'user' },
      schema: {
        tags: ['verification'],
        summary: 'Save ID number, address, emergency contact, notes, police record date or references',
        body: VerificationDetailsRequest,
        response: { 200: VerificationState, ...errors },
      },
    },
    async (req) => service.saveDetails(currentUser(req), req.body),
  );

  r.post(
    '/api/verification/submit',
    {
      config: { access: 'user' },
      schema: {
        tags: ['verification'],
        summary: 'Record consent and submit the whole record for review (status submitted)',
        body: VerificationSubmitRequest,
        response: { 200: VerificationState, ...errors },
      },
    },
    async (req) => service.submit(currentUser(req), req.body),
  );
}
