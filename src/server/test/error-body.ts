import type { LightMyRequestResponse } from 'fastify';
import type { ErrorCode } from '../../shared/error-codes';

/** The exact error body an answer must carry: its code and message, and its own request id (x-request-id). */
export function errorBody(res: LightMyRequestResponse, code: ErrorCode, message: unknown) {
  return { code, message, requestId: res.headers['x-request-id'] };
}
