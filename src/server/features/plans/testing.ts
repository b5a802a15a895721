import type { FastifyInstance } from 'fastify';
import type { SandboxProvider } from '../../adapters/payments';
import { request } from '../circles/testing';
import { sandboxCardToken, TEST_CARDS } from '../payments/testing';

type Who = { headers: Record<string, string> } | undefined;

/** The plan calls of one app (tests only). */
export function plansOf(app: () => FastifyInstance) {
  const token = (number: string = TEST_CARDS.success) =>
    sandboxCardToken(app().payments as SandboxProvider, number);
  return {
    token,
    catalogue: () => request(app(), 'GET', '/api/plans'),
    subscribe: (who: Who, plan: string, number?: string) =>
      request(app(), 'POST', '/api/subscriptions', who, { plan, paymentToken: token(number) }),
    me: (who: Who) => request(app(), 'GET', '/api/subscriptions/me', who),
    cancel: (who: Who) => request(app(), 'POST', '/api/subscriptions/me/cancel', who),
    change: (who: Who, plan: string) => request(app(), 'POST', '/api/subscriptions/me/plan', who, { plan }),
    summary: (who: Who) => request(app(), 'GET', '/api/admin/subscriptions/summary', who),
    saveCard: (who: Who, number: string) =>
      request(app(), 'POST', '/api/payment-methods', who, { paymentToken: token(number) }),
    removeCard: (who: Who, id: number) => request(app(), 'DELETE', `/api/payment-methods/${id}`, who),
  };
}
