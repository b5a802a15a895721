import { type FastifyBaseLogger, type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per request, when it completes: the request id, the request (method, URL with secrets
 * masked, address, user agent, by the `req` serializer) and the answer (status, response time).
 * Fastify's own controller writes two lines (incoming, completed), and every value of every line passes
 * the secret masks of all depths (ADR 0011), which cost more than the rest of a small request together.
 * This line has a fixed shape with no field those masks name, so it is written by a child logger without
 * them (ADR 0022). A request that failed is logged with its error through the masked logger, and
 * everything else (5xx details, streams, 404s) as Fastify does.
 */
export class OneLineRequestLog extends LogController {
  #access: FastifyBaseLogger | undefined;

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error }, 'request errored');
      return;
    }
    this.#access ??= request.server.log.child({}, { redact: [] });
    this.#access.info({ reqId: request.id, req: request, res: reply }, 'request completed');
  }
}

/** The answer in a log line: its status, and for a finished request the response time (ms). */
export function serializeReply(reply: { statusCode: number; elapsedTime?: number }) {
  return { statusCode: reply.statusCode, responseTime: reply.elapsedTime };
}
