import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, badRequest, findNul, isDataException, postgresErrorOf } from '../errors';
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

/** The one error handler: every failure becomes `{ message }` JSON with the right status; no 5xx detail leaks. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // The NUL guard joins every route's own preValidation hooks, last: it runs after any access check made in
  // preValidation and just before the schema, so it is one more validation rule no route can forget.
  app.addHook('onRoute', (route) => {
    const own = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [...own, refuseNul];
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .code(err.statusCode)
        .send(err.errors ? { message: err.message, errors: err.errors } : { message: err.message });
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
      return reply.code(400).send({ message, errors });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ message: GENERIC_500 });
    }
    if (isDataException(err)) {
      // Backstop: a value a contract let through and the database refused as data. Log the SQLSTATE only
      // (a failed query's message carries its parameters).
      req.log.warn({ sqlState: postgresErrorOf(err)?.code }, 'database refused a value');
      return reply.code(400).send({ message: 'A value in the request is not valid.' });
    }
    // Only a multipart request's errors are read as upload errors (busboy's carry no code, just a message).
    const upload = req.isMultipart() ? uploadErrorOf(err) : undefined;
    if (upload) return reply.code(upload.statusCode).send({ message: upload.message });
    const status = err.statusCode ?? 500;
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err instanceof SyntaxError && status === 400)) {
      return reply.code(400).send({ message: 'The request body is not valid JSON.' });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply.code(413).send({ message: 'The request body is too large.' });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
      return reply.code(415).send({ message: 'Unsupported content type. Send JSON.' });
    }
    if (err.validation) {
      return reply.code(400).send({ message: err.message });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: err.message || 'Bad request' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: GENERIC_500 });
  });
});
