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

/** Collects the money-moving routes as they are registered, for the race harness and for anyone auditing. */
export const moneyRoutesPlugin = fp(async (app: FastifyInstance) => {
  const routes: string[] = [];
  app.decorate('moneyRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!(route.config as { moneyMoving?: boolean } | undefined)?.moneyMoving) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) if (m !== 'HEAD') routes.push(`${m} ${route.url}`);
  });
});
