import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './app';
import { lazyChildLoggerFactory } from './lazy-logger';

/** A pino logger with the app's masks, writing to `lines`, and how many children it made. */
function capturing(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      cb();
    },
  });
  const logger = pino({ ...(loggerOptions(level) as object) }, stream);
  let children = 0;
  const child = logger.child.bind(logger);
  logger.child = ((...args: Parameters<typeof logger.child>) => {
    children += 1;
    return child(...args);
  }) as typeof logger.child;
  return { logger, lines, children: () => children };
}

describe('request loggers made on first use', () => {
  it('writes what a child logger writes: the request id and masked secrets', async () => {
    const { logger, lines } = capturing();
    const make = (parent: FastifyBaseLogger) =>
      lazyChildLoggerFactory.call({} as never, parent, { reqId: 'r-1' }, {}, {} as never);
    make(logger).warn({ password: 'hunter2', step: 2 }, 'a warning');
    logger.child({ reqId: 'r-1' }).warn({ password: 'hunter2', step: 2 }, 'a warning');
    expect(lines).toHaveLength(2);
    const [lazy, real] = lines.map(({ time, ...rest }) => rest);
    expect(lazy).toEqual(real);
    expect(lazy).toMatchObject({ reqId: 'r-1', password: '[redacted]', step: 2, msg: 'a warning' });
  });

  it('makes no child for a request that logs nothing, nor for lines below the level', async () => {
    const { logger, lines, children } = capturing('warn');
    const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyChildLoggerFactory });
    app.get('/quiet', async (req) => {
      req.log.info('below the level');
      req.log.debug('below it too');
      return { ok: true };
    });
    app.get('/loud', async (req) => {
      req.log.error({ token: 'secret-token' }, 'went wrong');
      return { ok: false };
    });
    const before = children();
    await app.inject({ url: '/quiet', headers: { 'x-request-id': 'q' } });
    expect(children()).toBe(before);
    expect(lines.filter((l) => l.msg === 'below the level')).toEqual([]);
    await app.inject({ url: '/loud' });
    const line = lines.find((l) => l.msg === 'went wrong');
    expect(line).toMatchObject({ token: '[redacted]', level: 50 });
    expect(typeof line?.reqId).toBe('string');
    await app.close();
  });

  it('keeps a route’s own log level', async () => {
    const { logger, lines } = capturing('info');
    const app = Fastify({ loggerInstance: logger, childLoggerFactory: lazyChildLoggerFactory });
    app.get('/debuggy', { logLevel: 'debug' }, async (req) => {
      req.log.debug('route debug line');
      return {};
    });
    app.get('/plain', async (req) => {
      req.log.debug('plain debug line');
      return {};
    });
    await app.inject({ url: '/debuggy' });
    await app.inject({ url: '/plain' });
    expect(lines.map((l) => l.msg)).toContain('route debug line');
    expect(lines.map((l) => l.msg)).not.toContain('plain debug line');
    await app.close();
  });
});
