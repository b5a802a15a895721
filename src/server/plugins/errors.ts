import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { type ErrorCode, genericCode } from '../../shared/error-codes';
import {
  AppError,
  badRequest,
  type FieldErrors,
  findNul,
  isDataException,
  isTransientConflict,
  postgresErrorOf,
} from '../errors';
import { uploadErrorOf } from './uploads';

const GENERIC_500 = 'Something went wrong on our side. Please try again.';

function pathOf(instancePath: string | undefined, params: unknown): string {
  const fromIssue = (params as { issue?: { path?: (string | number)[] } })?.issue?.path;
  if (fromIssue?.length) return fromIssue.join('.');
  return (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
}

/**
 * No part of a request may carry a NUL character (PostgreSQL refuses it in text, so it could only ever end
 * in a database error): a 400 naming the field, for every route, before its schema is checked.
 */
async function refuseNul(req: FastifyRequest) {
  for (const part of [req.params, req.query, req.body]) {
    const path = findNul(part);
    if (path === undefined) continue;
    const message = 'Remove the NUL character (\\u0000): it is not allowed in text';
    throw badRequest(path ? `${message} (${path})` : message, [{ path, message }]);
  }
}

/**
 * The one error handler: every failure becomes `{ code, message, requestId }` JSON (+ `errors` on a 400) with
 * the right status. `code` comes from src/shared/error-codes.ts, `requestId` is the request's id (the
 * x-request-id header); no 5xx detail leaks.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // The NUL guard joins every route's own preValidation hooks, last: it runs after any access check made in
  // preValidation and just before the schema, so it is one more validation rule no route can forget.
  app.addHook('onRoute', (route) => {
    const own = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [...own, refuseNul];
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    // The id goes in the header too (app.ts sets it on every answer): the body's requestId always matches it.
    const send = (status: number, message: string, errors?: FieldErrors, code = genericCode(status)) =>
      reply
        .code(status)
        .header('x-request-id', req.id)
        .send(errorBody(req, code, message, errors));
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return send(err.statusCode, err.message, err.errors, err.code);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        path: pathOf(v.instancePath, v.params),
        message: v.message ?? 'Invalid value',
      }));
      const where = err.validationContext === 'querystring' ? 'query' : err.validationContext;
      const first = errors[0];
      const message =
        errors.length === 1 && first.path
          ? `${first.message} (${first.path})`
          : (first?.message ?? `Invalid ${where}`);
      return send(400, message, errors, 'VALIDATION_FAILED');
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return send(500, GENERIC_500);
    }
    if (isDataException(err)) {
      // Backstop: a value a contract let through and the database refused as data. Log the SQLSTATE only
      // (a failed query's message carries its parameters).
      req.log.warn({ sqlState: postgresErrorOf(err)?.code }, 'database refused a value');
      return send(400, 'A value in the request is not valid.');
    }
    // Only a multipart request's errors are read as upload errors (busboy's carry no code, just a message).
    const upload = req.isMultipart?.() ? uploadErrorOf(err) : undefined;
    if (upload) return send(upload.statusCode, upload.message, upload.errors, upload.code);
    const status = err.statusCode ?? 500;
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err instanceof SyntaxError && status === 400)) {
      return send(400, 'The request body is not valid JSON.');
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return send(413, 'The request body is too large.');
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return send(415, 'Unsupported content type. Send JSON.');
    }
    if (err.validation) {
      return send(400, err.message, undefined, 'VALIDATION_FAILED');
    }
    if (status >= 400 && status < 500) {
      return send(status, err.message || 'Bad request');
    }
    if (isTransientConflict(err)) {
      // Backstop for a transaction no service retried: nothing was written; the client may simply retry.
      req.log.warn(
        { sqlState: postgresErrorOf(err)?.code },
        'transaction aborted by the database (transient)',
      );
      reply.header('retry-after', '1');
      return send(503, 'The service was busy and nothing was saved. Please try again.');
    }
    req.log.error({ err }, 'unhandled error');
    return send(500, GENERIC_500);
  });
});

/** The body of every error answer (ErrorResponse in src/shared/contracts/common.ts). */
export function errorBody(req: FastifyRequest, code: ErrorCode, message: string, errors?: FieldErrors) {
  return errors ? { code, message, requestId: req.id, errors } : { code, message, requestId: req.id };
}
