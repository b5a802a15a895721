import type { FastifyInstance } from 'fastify';
import { addJamaicaDays } from '../../../shared/contracts/payments';
import { jamaicaToday } from '../../../shared/time';
import { weekdayOf } from './service';

type Headers = Record<string, string>;

/** The first Wednesday at least `days` days after `from`'s date in Jamaica (caregivers work Mon–Fri by default). */
export function wednesdayAhead(days: number, from = new Date()): string {
  let d = addJamaicaDays(jamaicaToday(from), days);
  while (weekdayOf(d) !== 'wednesday') d = addJamaicaDays(d, 1);
  return d;
}

export function requestBody(startDate: string, overrides: Record<string, unknown> = {}) {
  return {
    kind: 'senior-care',
    parish: 'Kingston',
    town: 'Kingston',
    startDate,
    startTime: '9:00 AM',
    hours: 4,
    description: 'Help for my mother, 82, with meals, her tablets at noon and a short walk.',
    budgetMinJmd: 1200,
    budgetMaxJmd: 2000,
    ...overrides,
  };
}

export const careRequestApi = (app: FastifyInstance) => ({
  post: (headers: Headers, payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/care-requests', headers, payload: payload as object }),
  list: (headers: Headers) => app.inject({ method: 'GET', url: '/api/care-requests', headers }),
  get: (id: number | string, headers?: Headers) =>
    app.inject({ method: 'GET', url: `/api/care-requests/${id}`, headers }),
  apply: (id: number | string, headers: Headers, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: `/api/care-requests/${id}/applications`,
      headers,
      payload: payload as object,
    }),
  book: (id: number | string, appId: number | string, headers: Headers) =>
    app.inject({ method: 'POST', url: `/api/care-requests/${id}/applications/${appId}/book`, headers }),
  withdraw: (id: number, headers: Headers) =>
    app.inject({ method: 'POST', url: `/api/care-requests/${id}/withdraw`, headers }),
});
