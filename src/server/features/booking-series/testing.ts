import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { addDays, isoWeekday } from '../../../shared/booking-series';
import { jamaicaToday } from '../../../shared/time';

/** Test helpers for booking series (not used by the app). */

type Who = { headers: Record<string, string> } | undefined;

/** The first date on ISO `weekday` at least `minDays` after today in Jamaica (by `now`). */
export function nextWeekday(weekday: number, minDays = 2, now = new Date()): string {
  let d = addDays(jamaicaToday(now), minDays);
  while (isoWeekday(d) !== weekday) d = addDays(d, 1);
  return d;
}

export function seriesBody(caregiverId: number, overrides: Record<string, unknown> = {}) {
  return {
    caregiverId,
    weekdays: [1, 3, 5],
    startTime: '08:00',
    hours: 4,
    startDate: nextWeekday(1),
    visits: 6,
    ...overrides,
  };
}

export function postSeries(app: FastifyInstance, who: Who, body: unknown): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/booking-series',
    headers: who?.headers ?? {},
    payload: body as object,
  });
}

export function seriesAction(
  app: FastifyInstance,
  who: Who,
  id: number | string,
  action: 'accept' | 'decline' | 'cancel-rest' | 'leave' | '',
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: action ? 'POST' : 'GET',
    url: `/api/booking-series/${id}${action ? `/${action}` : ''}`,
    headers: who?.headers ?? {},
  });
}
