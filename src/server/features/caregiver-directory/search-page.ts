import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { nextAvailableAt, nextFreeMoment } from '../../../shared/availability';
import { PublicCaregiver, TRUST_CLAIMS } from '../../../shared/contracts/caregivers';
import { FIELD_SEPARATOR, ROW_SEPARATOR } from './search-repo';
import { isVerifiedNow, publicCertifications, type TrustRecord, verifiedFactsOf } from './trust';

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
 * Answers kept by their key's text while the clock is in [from, to): FreeByHours and TrustByRecord. Bounded:
 * at `capacity` entries it starts again empty (the page's caregivers come back within a few searches).
 */
class KeptWhile<V> {
  readonly #known = new Map<string, { from: number; to: number; value: V }>();

  constructor(private readonly capacity: number) {}

  get(key: string, now: number): V | undefined {
    const known = this.#known.get(key);
    return known && known.from <= now && now < known.to ? known.value : undefined;
  }

  keep(key: string, from: number, to: number, value: V): void {
    if (this.#known.size >= this.capacity) this.#known.clear();
    this.#known.set(key, { from, to, value });
  }
}

/**
 * When caregivers with no bookings in the window are next free, by availability list: kept by the service
 * across searches. An answer t worked out at `at` holds at any later moment before t (no weekly window
 * opens between them, and t stays inside the later horizon), so it is reused until then; an answer of
 * "now" ('Available Now', or inside a window) or of none is worked out again each time.
 */
export class FreeByHours {
  readonly #kept: KeptWhile<string>;

  constructor(capacity = 5000) {
    this.#kept = new KeptWhile(capacity);
  }

  nextFree(availabilityJson: string, availability: () => string[], at: Date): string | null {
    const now = at.getTime();
    const known = this.#kept.get(availabilityJson, now);
    if (known !== undefined) return known;
    const next = nextAvailableAt({ availability: availability(), isAvailable: true }, [], at);
    if (next && next.getTime() > now)
      this.#kept.keep(availabilityJson, now, next.getTime(), next.toISOString());
    return next?.toISOString() ?? null;
  }
}

const DAY_MS = 86_400_000;

/**
 * The trust fields of each verification record, by its text: kept by the service across searches, since
 * the same caregivers come up again and again and their records change seldom. What a record shows
 * depends on the clock only through the date (UTC) the police record is compared with
 * (isPoliceRecordStale), so an answer holds until the end of the day it was worked out on; a changed
 * record is a different text, worked out afresh.
 */
export class TrustByRecord {
  readonly #kept: KeptWhile<{ factsJson: string; approved: boolean }>;

  constructor(capacity = 5000) {
    this.#kept = new KeptWhile(capacity);
  }

  /** The verified facts as JSON text, and whether the record earns the Verified badge (with the user's flag). */
  of(recordJson: string, at: Date): { factsJson: string; approved: boolean } {
    const now = at.getTime();
    const known = this.#kept.get(recordJson, now);
    if (known) return known;
    const record = JSON.parse(recordJson) as TrustRecord;
    const facts = verifiedFactsOf(record, at);
    const answer = {
      factsJson: facts.length ? JSON.stringify(facts) : '[]',
      approved: isVerifiedNow(true, record, facts),
    };
    const from = Math.floor(now / DAY_MS) * DAY_MS;
    this.#kept.keep(recordJson, from, from + DAY_MS, answer);
    return answer;
  }
}

/**
 * The answer to a search: the JSON text of PublicCaregiver[], spliced from the database's rendered rows
 * (see pageText in the repository) with what needs the clock: the trust fields from each verification
 * record, and nextAvailableAt from each row's bookings. Listed caregivers take bookings (is_listed
 * includes the switch). Only the small pieces are cut out (by position, not by splitting the page),
 * parsed and serialized; the text is the one JSON.stringify gives for the whole page
 * (search-page.test.ts). A caregiver without bookings in the window is free by their weekly hours alone
 * (`free`).
 */
export function completePage(
  rows: string,
  at: Date,
  free = new FreeByHours(),
  trust = new TrustByRecord(),
): string {
  if (!rows) return '[]';
  let out = '[';
  for (let start = 0; start < rows.length; ) {
    let end = rows.indexOf(ROW_SEPARATOR, start);
    if (end < 0) end = rows.length;
    // The seven fields: head, mid, is_verified, certifications, availability, trust record, bookings.
    const f1 = rows.indexOf(FIELD_SEPARATOR, start) + 1;
    const f2 = rows.indexOf(FIELD_SEPARATOR, f1) + 1;
    const f3 = rows.indexOf(FIELD_SEPARATOR, f2) + 1;
    const f4 = rows.indexOf(FIELD_SEPARATOR, f3) + 1;
    const f5 = rows.indexOf(FIELD_SEPARATOR, f4) + 1;
    const f6 = rows.indexOf(FIELD_SEPARATOR, f5) + 1;
    const availabilityJson = rows.slice(f4, f5 - 1);
    const busyJson = rows.slice(f6, end);
    const { factsJson, approved } = f6 - 1 > f5 ? trust.of(rows.slice(f5, f6 - 1), at) : NO_RECORD;
    const isVerified = rows[f2] === '1' && approved;
    const next =
      busyJson === '[]'
        ? free.nextFree(availabilityJson, () => JSON.parse(availabilityJson) as string[], at)
        : nextFree(JSON.parse(availabilityJson) as string[], JSON.parse(busyJson) as [number, number][], at);
    if (out.length > 1) out += ',';
    out +=
      `${rows.slice(start, f1 - 1)},"isVerified":${isVerified},${rows.slice(f1, f2 - 1)},` +
      `"certifications":${publicCertificationsJson(rows.slice(f3, f4 - 1))},"availability":${availabilityJson},` +
      `"verifiedFacts":${factsJson},"nextAvailableAt":${JSON.stringify(next)}}`;
    start = end + 1;
  }
  return `${out}]`;
}

const NO_RECORD = { factsJson: '[]', approved: false };

/**
 * The certifications a public read shows (publicCertifications), as JSON text from the database's: as it
 * is when it names no trust claim (the database writes the text JSON.stringify would), else parsed,
 * filtered and written again.
 */
function publicCertificationsJson(json: string): string {
  if (!TRUST_CLAIMS.some((claim) => json.includes(claim))) return json;
  return JSON.stringify(publicCertifications(JSON.parse(json) as string[]));
}

function nextFree(availability: string[], busy: [number, number][], at: Date): string | null {
  return nextFreeMoment(availability, busy, at)?.toISOString() ?? null;
}
