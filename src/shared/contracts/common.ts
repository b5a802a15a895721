import { isCalendarDate } from '../booking-rules';
import { findParish, type Parish } from '../catalog';
import { ERROR_CODE_LIST } from '../error-codes';
import { z } from './zod';

/** A machine-readable error code (src/shared/error-codes.ts): what a client decides on, never the message. */
export const ErrorCodeSchema = z.enum(ERROR_CODE_LIST);

/**
 * Every error the API answers: a stable code, a message for people, the request's id (the x-request-id
 * header, to quote to support), and field details on a 400.
 */
export const ErrorResponse = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  requestId: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** The OpenAPI responses of the error statuses a route can answer: each one the error body above. */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof ErrorResponse> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorResponse])) as Record<S, typeof ErrorResponse>;
}

export const MessageResponse = z.object({ message: z.string() });

/**
 * `?ifExists=true` on a read of one's own record (issue 32): a screen that may meet "none yet" (a caregiver
 * before onboarding, a verification before the first visit) asks with it and gets 200 with null instead of
 * the 404 the spec's clients rely on without it.
 */
export const IfExistsQuery = z.object({
  ifExists: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});

/** The largest id a row can have: PostgreSQL's `integer` (serial) columns stop here. */
export const MAX_DB_ID = 2_147_483_647;

/**
 * Every record id the API accepts, in a path, a query string or a JSON body: a whole number in
 * 1..2147483647 (the database's integer range), given as a JSON number or as a string of digits (path and
 * query values are strings). Nothing else is coerced: `true`, `null`, `[]`, `1.5`, `1e3`, ' 7', '0x1f' and
 * a NUL are a 400, never a number and never a database error.
 */
export const Id = (name = 'id') => {
  const wrong = `${name} must be a whole number`;
  return z
    .union([z.number({ error: wrong }), z.string({ error: wrong }).regex(/^\d{1,10}$/, wrong)], {
      error: (issue) => (issue.input === undefined ? `${name} is required` : wrong),
    })
    .transform(Number)
    .pipe(z.number().int(wrong).min(1, `${name} must be positive`).max(MAX_DB_ID, `${name} is too large`));
};

/** Path ids: positive integers within the database's range; anything else is a 400 before a handler runs. */
export const IdParam = z.object({ id: Id('id') });

/**
 * A number in a JSON body, or a decimal string (the spec's shapes send some numbers as strings). Never a
 * boolean, null, an array or an empty string (z.coerce.number() reads `true` as 1 and '' as 0).
 */
export const NumberLike = (name: string) => {
  const wrong = `${name} must be a number`;
  return z
    .union(
      [
        z.number({ error: wrong }),
        z
          .string()
          .trim()
          .regex(/^-?\d{1,15}(\.\d{1,6})?$/, wrong),
      ],
      {
        error: wrong,
      },
    )
    .transform(Number);
};

/** A real calendar day, yyyy-MM-dd (2026-02-30 and 0000-00-00 are a 400, not a database error). */
export const CalendarDate = (message = 'Use a date like 2025-06-30.') =>
  z.string({ error: message }).refine(isCalendarDate, message);

/** A zod transform: the catalog's parish for a name written in any case, or the issue 'Unknown parish'. */
export function knownParish(name: string, ctx: z.RefinementCtx): Parish {
  const found = findParish(name);
  if (!found) {
    ctx.addIssue({ code: 'custom', message: 'Unknown parish' });
    return z.NEVER;
  }
  return found;
}
