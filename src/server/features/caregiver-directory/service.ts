// caregiver-directory: caregivers as anyone sees them (search, counts, public profiles); editing: my-profile
import { CAREGIVER_KIND_VALUES, PARISHES } from '../../../shared/catalog';
import type { CaregiverProfile, KindCounts, ParishCounts } from '../../../shared/contracts/caregivers';
import type { ReliabilityRecord } from '../../../shared/contracts/reliability';
import { exceptionTimes } from '../../../shared/free-time';
import { jamaicaToday } from '../../../shared/time';
import type { Tx } from '../../db/client';
import { notFound } from '../../errors';
import type { SessionUser } from '../auth';
import { CAREGIVER_NOT_FOUND, mayViewProfile, toProfile } from './public-profile';
import { publicProfileRepo } from './public-profile-repo';
import { checkRenderedPage, completePage, newPageCaches } from './search-page';
import {
  busyWindow,
  type ParishCountsInput,
  queryWords,
  type SearchInput,
  searchFilters,
  searchPage,
} from './search-query';
import { searchRepo } from './search-repo';

/** Who could replace a caregiver who dropped out (backup offers, ADR 0034), read in the caller's transaction. */
export {
  type BackupCandidate,
  type BackupCandidateQuery,
  backupCandidates,
} from './backup-candidates-repo';
// The directory's public API for other features (who may see a profile, how names show).
export { CAREGIVER_NOT_FOUND, initial, mayViewProfile } from './public-profile';

/** How alike (pg_trgm similarity) a word must be to stand in for a misspelt one. */
export const MIN_SIMILARITY = 0.5;

export interface SearchResult {
  /** The page: the JSON text of PublicCaregiver[], rendered by the database. */
  json: string;
  /** Exact when `exact`; otherwise a lower bound. */
  total: number;
  exact: boolean;
}

export interface CaregiverServiceDeps {
  db: Tx;
  /** The clock for urgent=true (tests pin it). */
  now?: () => Date;
  /** Check every page the database renders against PublicCaregiver (tests and development). */
  checkRendering?: boolean;
  /** The caregiver's reliability record a profile shows (the reliability feature, ADR 0035). */
  reliability: { recordOf(tx: Tx, caregiverId: number): Promise<ReliabilityRecord> };
}

export function createCaregiverDirectoryService({
  db,
  now = () => new Date(),
  checkRendering = false,
  reliability,
}: CaregiverServiceDeps) {
  /**
   * Runs `attempt` with q's words as typed and, when that finds nothing and a word is no word of any
   * caregiver, once more with those words replaced by their nearest neighbours ('tompson' → 'thompson').
   * Most searches are spelt right, so most pay for one statement.
   */
  const pageCaches = newPageCaches();

  async function withSpellingFallback<T>(
    q: string | undefined,
    attempt: (text: string | undefined) => Promise<T>,
    foundNothing: (result: T) => boolean,
  ): Promise<T> {
    const words = queryWords(q);
    const first = await attempt(words.length ? words.join(' ') : undefined);
    if (!words.length || !foundNothing(first)) return first;
    const corrected = await searchRepo.correctWords(db, words, MIN_SIMILARITY);
    return corrected.join(' ') === words.join(' ') ? first : attempt(corrected.join(' '));
  }

  return {
    async search(input: SearchInput): Promise<SearchResult> {
      const at = now();
      return withSpellingFallback(
        input.q,
        async (text) => {
          const filters = searchFilters(input, at, text);
          const page = searchPage(input, filters, at);
          const rendered = await searchRepo.search(db, filters, page);
          const json = completePage(rendered.rows, at, pageCaches);
          const matched = rendered.matched;
          if (checkRendering) checkRenderedPage(json);
          const exact = matched <= page.countCap;
          return { json, total: exact ? matched : page.countCap, exact };
        },
        (result) => result.total === 0,
      );
    },

    async kindCounts(): Promise<KindCounts> {
      const counts = await searchRepo.kindCounts(db);
      return CAREGIVER_KIND_VALUES.map((kind, i) => ({ kind, count: counts[i] }));
    },

    async parishCounts(input: ParishCountsInput): Promise<ParishCounts> {
      const at = now();
      const counts = await withSpellingFallback(
        input.q,
        (text) => searchRepo.parishCounts(db, searchFilters(input, at, text)),
        (found) => found.size === 0,
      );
      return PARISHES.map((parish) => ({ parish, count: counts.get(parish) ?? 0 }));
    },

    /** A profile, when the viewer may see it (mayViewProfile); else 404. */
    async profile(
      by: { id: number } | { userId: number },
      viewer: SessionUser | null,
    ): Promise<CaregiverProfile> {
      const row = await publicProfileRepo.findProfile(db, by);
      if (!row || !mayViewProfile(row, viewer)) throw notFound(CAREGIVER_NOT_FOUND);
      const at = now();
      const { from, to } = busyWindow(at);
      const busy = await publicProfileRepo.busyTimes(db, [row.id], from, to);
      const away = await publicProfileRepo.exceptions(
        db,
        row.id,
        jamaicaToday(new Date(from.getTime() - 86_400_000)),
        jamaicaToday(to),
      );
      return {
        ...toProfile(row, at, busy, exceptionTimes(away)),
        reliability: await reliability.recordOf(db, row.id),
      };
    },
  };
}
