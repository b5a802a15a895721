import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../lib/api';

/**
 * A react-hook-form resolver that checks the request the form would send against the shared contract (the
 * schema the server validates with): `toBody` turns the form's values into that request, and each issue is
 * shown beside the field of the same dotted path ('recipient.parish').
 */
export function contractResolver<V extends FieldValues, B>(
  schema: z.ZodType<unknown, B>,
  toBody: (values: V) => B,
  /** Form-only checks first (text that cannot become the request's number): field path → message. */
  precheck: (values: V) => Partial<Record<Path<V>, string>> = () => ({}),
): Resolver<V, unknown, B> {
  return async (values, _context, options) => {
    const flat: Record<string, FieldError> = {};
    for (const [path, message] of Object.entries(precheck(values))) {
      if (typeof message === 'string') flat[path] = { type: 'validation', message };
    }
    const body = toBody(values);
    const parsed = schema.safeParse(body);
    if (parsed.success && !Object.keys(flat).length) return { values: body, errors: {} };
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const path = issue.path.join('.');
      flat[path] ??= { type: 'validation', message: issue.message };
    }
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}

/**
 * A 400's field errors put beside the fields the form has (`fields`: their dotted paths); returns the
 * messages no field could show, so that the form shows them above itself instead of losing them.
 */
export function showServerFieldErrors<V extends FieldValues>(
  error: unknown,
  fields: readonly Path<V>[],
  setError: UseFormSetError<V>,
): string[] {
  if (!isApiError(error) || !error.errors?.length) return [];
  const rest: string[] = [];
  for (const fe of error.errors) {
    const field = fields.find((f) => f === fe.path);
    if (field) setError(field, { type: 'server', message: fe.message });
    else rest.push(fe.message);
  }
  return rest;
}
