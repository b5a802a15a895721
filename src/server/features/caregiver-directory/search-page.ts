import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { type DatedTimes, firstFreeStretch, jamaicaDayEnd } from '../../../shared/availability';
import { PublicCaregiver } from '../../../shared/contracts/caregivers';
import { type DatedException, exceptionTimes } from '../../../shared/free-time';
import { FIELD_SEPARATOR, ROW_SEPARATOR } from './search-repo';
import { isVerifiedNow, type TrustRecord, verifiedFactsOf } from './trust';

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
 * Answers kept by key while the clock is in [from, to), each for one text: an answer is given back only for
 * the very text it was worked out from (compared whole, so a changed record or list is worked out afresh).
 * Bounded: at `capacity` entries it starts again empty (the page's caregivers come back within a few
 * searches). FreeByHours keys by the text itself; the per-caregiver caches key by the caregiver's id, so
 * that a lookup hashes a number rather than a long text.
 */
class KeptWhile<K, V> {
  readonly #known = new Map<K, { text: string; from: number; to: number; value: V }>();

  constructor(private readonly capacity: number) {}

  get(key: K, text: string, now: number): V | undefined {
    const known = this.#known.get(key);
    return known && known.from <= now && now < known.to && known.text === text ? known.value : undefined;
  }

  keep(key: K, text: string, from: number, to: number, value: V): void {
    if (this.#known.size >= this.capacity) this.#known.clear();
    this.#known.set(key, { text, from, to, value });
  }
}

/**
 * A next free moment kept while it holds: worked out at `now` as the free stretch [t, u) (firstFreeStretch),
 * the answer is t at any moment before t and the moment itself from t until u, for the same availability
 * list and bookings. Before t: no moment of [now, t) was free, a later moment sees the same weekly windows
 * and bookings (the bookings in its window are the text's, or the text differs), and t stays inside its
 * horizon. From t: every moment of [t, u) lies in a window and in no booking, so it is its own answer.
 * One exception: 'Available Now' counts the rest of the day as free, and a new day opens a new such
 * window, so with it an answer holds only until midnight in Jamaica. No free moment: worked out each time.
 */
class KeptNextFree<K> {
  readonly #kept: KeptWhile<K, { t: number; iso: string }>;

  constructor(capacity: number) {
    this.#kept = new KeptWhile(capacity);
  }

  nextFree(
    key: K,
    text: string,
    parse: () => { availability: string[]; busy: [number, number][]; exceptions?: DatedTimes },
    at: Date,
  ): string | null {
    const now = at.getTime();
    const known = this.#kept.get(key, text, now);
    if (known !== undefined) return now < known.t ? known.iso : at.toISOString();
    const { availability, busy, exceptions } = parse();
    const stretch = firstFreeStretch(availability, busy, at, exceptions);
    if (!stretch) return null;
    const [t, u] = stretch;
    const until = availability.includes('Available Now') ? Math.min(u, jamaicaDayEnd(now)) : u;
    const iso = new Date(t).toISOString();
    if (until > now) this.#kept.keep(key, text, now, until, { t, iso });
    return iso;
  }
}

/**
 * When caregivers with no bookings in the window are next free, by availability list: kept by the service
 * across searches (KeptNextFree), shared by every caregiver with the same list.
 */
export class FreeByHours {
  readonly #kept: KeptNextFree<string>;

  constructor(capacity = 5000) {
    this.#kept = new KeptNextFree(capacity);
  }

  nextFree(availabilityJson: string, availability: () => string[], at: Date): string | null {
    return this.#kept.nextFree(availabilityJson, '', () => ({ availability: availability(), busy: [] }), at);
  }
}

/**
 * When caregivers with bookings, time off or extra hours in the window are next free, by caregiver: kept
 * by the service across searches (KeptNextFree) for the text of their availability list, bookings and
 * exceptions together (time off counts as busy, so the stretch ends where it starts).
 */
export class FreeAroundBookings extends KeptNextFree<number> {
  /** nextFree(caregiverId, text, …): `text` is the availability list and the bookings as the row holds them. */
  constructor(capacity = 5000) {
    super(capacity);
  }
}

const DAY_MS = 86_400_000;

/**
 * The trust fields of each caregiver's verification record, kept by the service across searches for the
 * record's text, since the same caregivers come up again and again and their records change seldom. What
 * a record shows depends on the clock only through the date (UTC) the police record is compared with
 * (isPoliceRecordStale), so an answer holds until the end of the day it was worked out on; a changed
 * record is a different text, worked out afresh.
 */
export class TrustByRecord {
  readonly #kept: KeptWhile<number, { factsJson: string; approved: boolean }>;

  constructor(capacity = 5000) {
    this.#kept = new KeptWhile(capacity);
  }

  /** The verified facts as JSON text, and whether the record earns the Verified badge (with the user's flag). */
  of(caregiverId: number, recordJson: string, at: Date): { factsJson: string; approved: boolean } {
    const now = at.getTime();
    const known = this.#kept.get(caregiverId, recordJson, now);
    if (known) return known;
    const record = JSON.parse(recordJson) as TrustRecord;
    const facts = verifiedFactsOf(record, at);
    const answer = {
      factsJson: facts.length ? JSON.stringify(facts) : '[]',
      approved: isVerifiedNow(true, record, facts),
    };
    const from = Math.floor(now / DAY_MS) * DAY_MS;
    this.#kept.keep(caregiverId, recordJson, from, from + DAY_MS, answer);
    return answer;
  }
}

/** The per-search caches of the trust fields and the next free moment, kept by the service (see above). */
export interface PageCaches {
  free: FreeByHours;
  aroundBookings: FreeAroundBookings;
  trust: TrustByRecord;
}

export const newPageCaches = (): PageCaches => ({
  free: new FreeByHours(),
  aroundBookings: new FreeAroundBookings(),
  trust: new TrustByRecord(),
});

/** The caregiver id at the start of a row: its head begins with {"id":<digits>. */
function idAt(rows: string, start: number): number {
  let id = 0;
  for (let i = start + ID_PREFIX.length; ; i++) {
    const digit = rows.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return id;
    id = id * 10 + digit;
  }
}
const ID_PREFIX = '{"id":';

/**
 * The answer to a search: the JSON text of PublicCaregiver[], spliced from the database's rendered rows
 * (see pageText in the repository) with what needs the clock: the trust fields from each verification
 * record, and nextAvailableAt from each row's bookings. Listed caregivers take bookings (is_listed
 * includes the switch). Only the small pieces are cut out (by position, not by splitting the page),
 * parsed and serialized; the text is the one JSON.stringify gives for the whole page
 * (search-page.test.ts). A caregiver without bookings in the window is free by their weekly hours alone
 * (`caches.free`). The caches key by caregiver id only to look up fast: an answer is reused only for the
 * very text it was worked out from, so it is right whatever the id.
 */
export function completePage(rows: string, at: Date, caches: PageCaches = newPageCaches()): string {
  if (!rows) return '[]';
  let out = '[';
  for (let start = 0; start < rows.length; ) {
    let end = rows.indexOf(ROW_SEPARATOR, start);
    if (end < 0) end = rows.length;
    // The eight fields: head, mid, is_verified, certifications, trust record, availability, bookings,
    // time off and extra hours.
    const f1 = rows.indexOf(FIELD_SEPARATOR, start) + 1;
    const f2 = rows.indexOf(FIELD_SEPARATOR, f1) + 1;
    const f3 = rows.indexOf(FIELD_SEPARATOR, f2) + 1;
    const f4 = rows.indexOf(FIELD_SEPARATOR, f3) + 1;
    const f5 = rows.indexOf(FIELD_SEPARATOR, f4) + 1;
    const f6 = rows.indexOf(FIELD_SEPARATOR, f5) + 1;
    const f7 = rows.indexOf(FIELD_SEPARATOR, f6) + 1;
    const id = idAt(rows, start);
    const availabilityJson = rows.slice(f5, f6 - 1);
    const { factsJson, approved } = f5 - 1 > f4 ? caches.trust.of(id, rows.slice(f4, f5 - 1), at) : NO_RECORD;
    const isVerified = rows[f2] === '1' && approved;
    // No bookings and no exceptions: both fields are [] (their only text without a number or a date).
    const next =
      f7 - f6 === 3 && end - f7 === 2
        ? caches.free.nextFree(availabilityJson, () => JSON.parse(availabilityJson) as string[], at)
        : caches.aroundBookings.nextFree(
            id,
            rows.slice(f5, end),
            () => ({
              availability: JSON.parse(availabilityJson) as string[],
              busy: JSON.parse(rows.slice(f6, f7 - 1)) as [number, number][],
              exceptions: exceptionTimes(exceptionsOfRow(rows.slice(f7, end))),
            }),
            at,
          );
    if (out.length > 1) out += ',';
    out +=
      `${rows.slice(start, f1 - 1)},"isVerified":${isVerified},${rows.slice(f1, f2 - 1)},` +
      `"certifications":${rows.slice(f3, f4 - 1)},"availability":${availabilityJson},` +
      `"verifiedFacts":${factsJson},"nextAvailableAt":${JSON.stringify(next)}}`;
    start = end + 1;
  }
  return `${out}]`;
}

const NO_RECORD = { factsJson: '[]', approved: false };

type ExceptionTuple = [DatedException['kind'], string, string, string | null, string | null];
/** A row's exceptions field (search-repo exceptionsJson) as the free-time model's dated exceptions. */
const exceptionsOfRow = (json: string): DatedException[] =>
  (JSON.parse(json) as ExceptionTuple[]).map(([kind, from, to, startTime, endTime]) => ({
    kind,
    from,
    to,
    startTime,
    endTime,
  }));
