import type { FastifyInstance } from 'fastify';

/** Test helpers for parish emergencies (not used by the app). */

const HOUR = 3_600_000;

/** A declaration body: `parishes`, from `fromHours` to `toHours` around `now`. */
export function emergencyBody(
  parishes: string[],
  fromHours = -1,
  toHours = 48,
  now = new Date(),
  extra: Record<string, unknown> = {},
) {
  return {
    parishes,
    kind: 'hurricane',
    startsAt: new Date(now.getTime() + fromHours * HOUR).toISOString(),
    endsAt: new Date(now.getTime() + toHours * HOUR).toISOString(),
    message: `Hurricane warning for ${parishes.join(', ')}: stay indoors.`,
    ...extra,
  };
}

export function declareEmergency(
  app: FastifyInstance,
  headers: Record<string, string>,
  body: Record<string, unknown>,
) {
  return app.inject({ method: 'POST', url: '/api/admin/emergencies', headers, payload: body });
}
