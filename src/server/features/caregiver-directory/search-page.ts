import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { nextAvailableAt } from '../../../shared/availability';
import { PublicCaregiver } from '../../../shared/contracts/caregivers';
import { FIELD_SEPARATOR, ROW_SEPARATOR } from './search-repo';
import { type TrustRecord, trustFields } from './trust';

// A search page as the database rendered it, completed with what needs the clock and checked.

const PublicCaregivers = z.array(PublicCaregiver);

/**
 * The spliced page is exactly PublicCaregiver[]: right types, no key the schema lacks, and the very text
 * JSON.stringify gives for it (keys in the schema's order, compact, escaped alike).
 */
export function checkRenderedPage(json: string): void {
  const rendered: unknown = JSON.parse(json);
  const parsed = PublicCaregivers.parse(rendered);
  if (!isDeepStrictEqual(parsed, rendered)) {
    throw new Error('The search page carries fields that PublicCaregiver does not declare');
  }
  if (JSON.stringify(parsed) !== json) {
    throw new Error('The search page is not the text JSON.stringify gives for it');
  }
}

/**
 * The answer to a search: the JSON text of PublicCaregiver[], spliced from the database's rendered rows
 * (see pageText in the repository) with what needs the clock: the trust fields from each verification
 * record, and nextAvailableAt from each row's bookings. Listed caregivers take bookings (is_listed
 * includes the switch). Only the small pieces are parsed and serialized; the text is the one
 * JSON.stringify gives for the whole page (search-page.test.ts). A caregiver without bookings in the
 * window is free by their weekly hours alone, so that answer is worked out once per availability list.
 */
export function completePage(rows: string, at: Date): string {
  if (!rows) return '[]';
  const freeByHours = new Map<string, string | null>();
  let out = '[';
  for (const row of rows.split(ROW_SEPARATOR)) {
    const [head, mid, userVerified, certificationsJson, availabilityJson, trustJson, busyJson] =
      row.split(FIELD_SEPARATOR);
    const record = trustJson ? (JSON.parse(trustJson) as TrustRecord) : null;
    const certifications = JSON.parse(certificationsJson) as string[];
    const trust = trustFields({ isVerified: userVerified === '1', certifications }, record, at);
    const availability = JSON.parse(availabilityJson) as string[];
    let next: string | null | undefined;
    if (busyJson !== '[]') {
      next = nextFree(availability, JSON.parse(busyJson) as [string, string][], at);
    } else {
      next = freeByHours.get(availabilityJson);
      if (next === undefined) {
        next = nextFree(availability, [], at);
        freeByHours.set(availabilityJson, next);
      }
    }
    if (out.length > 1) out += ',';
    out +=
      `${head},"isVerified":${trust.isVerified},${mid},"certifications":${JSON.stringify(trust.certifications)},` +
      `"availability":${availabilityJson},"verifiedFacts":${JSON.stringify(trust.verifiedFacts)},` +
      `"nextAvailableAt":${JSON.stringify(next)}}`;
  }
  return `${out}]`;
}

function nextFree(availability: string[], busy: [string, string][], at: Date): string | null {
  const bookings = busy.map(([s, e]) => ({ startsAt: new Date(s), endsAt: new Date(e) }));
  return nextAvailableAt({ availability, isAvailable: true }, bookings, at)?.toISOString() ?? null;
}
