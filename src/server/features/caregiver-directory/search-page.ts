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

type RenderedRow = Omit<PublicCaregiver, 'verifiedFacts' | 'nextAvailableAt'> &
  Partial<Pick<PublicCaregiver, 'verifiedFacts' | 'nextAvailableAt'>> & {
    [TRUST_KEY]?: TrustRecord | null;
    [BUSY_KEY]?: [string, string][];
  };

/**
 * Adds to the database's page what needs the clock: the trust fields from each verification record, and
 * nextAvailableAt from each row's bookings (rendered in the same statement). Listed caregivers take
 * bookings (is_listed includes the switch).
 *
 * This runs on every search, so it edits the parsed rows in place instead of copying them: the two
 * database-only keys are set to undefined (JSON.stringify leaves them out), the trust fields overwrite
 * theirs where they stand, and the two new keys come last, which is the key order (and so the text) of
 * the page a copying version would give. A caregiver without bookings in the window is free by their
 * weekly hours alone, so that answer is worked out once per distinct availability list of the page.
 */
export function completePage(json: string, at: Date): string {
  const page = JSON.parse(json) as RenderedRow[];
  if (!page.length) return json;
  const freeByHours = new Map<string, string | null>();
  for (const row of page) {
    const record = row[TRUST_KEY] ?? null;
    const busy = row[BUSY_KEY] ?? [];
    row[TRUST_KEY] = undefined;
    row[BUSY_KEY] = undefined;
    const trust = trustFields(row, record, at);
    row.isVerified = trust.isVerified;
    row.certifications = trust.certifications;
    row.verifiedFacts = trust.verifiedFacts;
    if (busy.length) {
      row.nextAvailableAt = nextFree(row.availability, busy, at);
    } else {
      const key = row.availability.join('\n');
      let free = freeByHours.get(key);
      if (free === undefined) {
        free = nextFree(row.availability, busy, at);
        freeByHours.set(key, free);
      }
      row.nextAvailableAt = free;
    }
  }
  return JSON.stringify(page);
}

function nextFree(availability: string[], busy: [string, string][], at: Date): string | null {
  const bookings = busy.map(([s, e]) => ({ startsAt: new Date(s), endsAt: new Date(e) }));
  return nextAvailableAt({ availability, isAvailable: true }, bookings, at)?.toISOString() ?? null;
}
