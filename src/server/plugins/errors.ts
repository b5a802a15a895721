import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

const GENERIC_500 = 'Something went wrong on our side. Please try again.';

function pathOf(instancePath: string | undefined, params: unknown): string {
  const fromIssue = (params as { issue?: { path?: (string | number)[] } })?.issue?.path;
  if (fromIssue?.length) return fromIssue.join('.');
  return (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
}

/** The one error handler: every failure becomes `{ message }` JSON with the right status; no 5xx detail leaks. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
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
