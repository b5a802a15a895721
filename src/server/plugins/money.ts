import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route can move money (a provider call: authorize, capture, void, refund, resize; or a ledger
     * posting). Such a route joins the race harness (src/server/money-races.test.ts, ADR 0042) by this flag:
     * the harness fails until the route has a scenario proving that 20 identical requests at once move the
     * money once.
     */
    moneyMoving?: boolean;
  }
  interface FastifyInstance {
    /** 'METHOD /url' of every route registered with `config.moneyMoving` (ADR 0042). */
    moneyRoutes: readonly string[];
  }
}

const MONEY_CALLS = ['authorize', 'capture', 'void', 'refund', 'resizeHold'] as const;

/**
 * Collects the money-moving routes as they are registered, for the race harness and for anyone auditing.
 * With `guard` (tests), a request whose route is not flagged and still calls the payment provider's money
 * methods fails loudly: a new money route cannot stay out of the harness by forgetting the flag, as long as
 * any test of it runs. Jobs run outside requests and are listed by their own flag.
 */
export const moneyRoutesPlugin = fp(async (app: FastifyInstance, opts: { guard?: boolean }) => {
  const routes: string[] = [];
  app.decorate('moneyRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!(route.config as { moneyMoving?: boolean } | undefined)?.moneyMoving) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) if (m !== 'HEAD') routes.push(`${m} ${route.url}`);
  });
  if (!opts.guard) return;

  const scope = new AsyncLocalStorage<{ route: string; flagged: boolean }>();
  app.addHook('onRequest', (req, _reply, done) => {
    const flagged = !!req.routeOptions.config?.moneyMoving;
    scope.run({ route: `${req.method} ${req.routeOptions.url ?? req.url}`, flagged }, done);
  });
  const provider = app.payments as unknown as Record<string, unknown>;
  for (const name of MONEY_CALLS) {
    const original = provider[name];
    if (typeof original !== 'function') continue;
    provider[name] = function guarded(this: unknown, ...args: unknown[]) {
      const at = scope.getStore();
      if (at && !at.flagged) {
        return Promise.reject(
          new Error(
            `${at.route} called the payment provider (${name}) but is not config.moneyMoving: flag it and add its race scenario (ADR 0042)`,
          ),
        );
      }
      return original.apply(this, args);
    };
  }
});
