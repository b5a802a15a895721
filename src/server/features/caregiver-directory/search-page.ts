import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { nextAvailableAt } from '../../../shared/availability';
import { PublicCaregiver } from '../../../shared/contracts/caregivers';
import { BUSY_KEY, TRUST_KEY } from './search-repo';
import { type TrustRecord, trustFields } from './trust';

// A search page as the database rendered it, completed with what needs the clock and checked.

const PublicCaregivers = z.array(PublicCaregiver);

/** The database's rendering is exactly PublicCaregiver[]: right types, and no key the schema lacks. */
export function checkRenderedPage(json: string): void {
  const rendered: unknown = JSON.parse(json);
  const parsed = PublicCaregivers.parse(rendered);
  if (!isDeepStrictEqual(parsed, rendered)) {
    throw new Error('The search page carries fields that PublicCaregiver does not declare');
  }
}

/**
 * Adds to the database's page what needs the clock: the trust fields from each verification record, and
 * nextAvailableAt from each row's bookings (rendered in the same statement). Listed caregivers take
 * bookings (is_listed includes the switch).
 */
export function completePage(json: string, at: Date): string {
  const page = JSON.parse(json) as (Omit<PublicCaregiver, 'verifiedFacts' | 'nextAvailableAt'> & {
    [TRUST_KEY]?: TrustRecord | null;
    [BUSY_KEY]?: [string, string][];
  })[];
  if (!page.length) return json;
  return JSON.stringify(
    page.map(({ [TRUST_KEY]: record, [BUSY_KEY]: busy = [], ...c }) => ({
      ...c,
      ...trustFields(c, record ?? null, at),
      nextAvailableAt:
        nextAvailableAt(
          { availability: c.availability, isAvailable: true },
          busy.map(([s, e]) => ({ startsAt: new Date(s), endsAt: new Date(e) })),
          at,
        )?.toISOString() ?? null,
    })),
  );
}
