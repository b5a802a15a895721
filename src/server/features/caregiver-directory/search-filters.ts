import { type SQL, sql } from 'drizzle-orm';
import type { CaregiverKind, Parish } from '../../../shared/catalog';
import { AVAILABILITY_FACETS, KIND_FACETS, QUALIFICATION_FACETS } from '../../db/schema';

/**
 * The WHERE of a search. Everything a filter reads is on the caregivers row (copies and bit masks kept by
 * trigger, see the schema), so the covering indexes of search-repo.ts can answer it.
 */

/** Where a location string points: catalog parishes and towns, or (no catalog name) a prefix. */
export interface ResolvedLocation {
  parishes: string[];
  /** Towns outside those parishes. */
  towns: string[];
  /** Lower-case prefix for names that are not in the catalog. */
  prefix?: string;
}

export interface SearchFilters {
  location?: ResolvedLocation;
  minRate?: number;
  maxRate?: number;
  experience?: number;
  skills?: string[];
  availability?: string[];
  type?: CaregiverKind;
  parish?: Parish;
  /** Full text: words for plainto_tsquery('english', …); only stop words filter nothing. */
  text?: string;
  verified?: boolean;
  /** Today (yyyy-MM-dd, as the verification feature dates police records): `verified` needs a valid record. */
  today?: string;
  /** Jamaica's working hours right now (the 'Available Today' half of urgent). */
  urgent?: { workingHours: boolean };
}

const bit = <T extends string>(facets: readonly T[], value: string) => facets.indexOf(value as T);

/** Splits values into a bit mask of the known ones and a list of the others. */
function facetMask(facets: readonly string[], values: readonly string[]): { mask: bigint; others: string[] } {
  let mask = 0n;
  const others: string[] = [];
  for (const v of values) {
    const i = bit(facets, v);
    if (i >= 0) mask |= 1n << BigInt(i);
    else others.push(v);
  }
  return { mask, others };
}

export const textArray = (values: readonly string[]) => sql`${sql.param(values)}::text[]`;

function equalsAny(column: SQL, values: readonly string[]): SQL {
  // One value as `=`: a list (= ANY) would keep the planner from reading the index in order.
  return values.length === 1 ? sql`${column} = ${values[0]}` : sql`${column} = any(${textArray(values)})`;
}

export const textQuery = (words: string) => sql`plainto_tsquery('english', ${words})`;

/** The WHERE of a search (and of the counts), on caregivers as `c`. */
export function searchConditions(f: SearchFilters): SQL {
  const conds: SQL[] = [sql`c.is_listed`];
  if (f.parish) conds.push(sql`c.user_parish = ${f.parish}`);
  if (f.location) {
    const { parishes, towns, prefix } = f.location;
    const any: SQL[] = [];
    if (parishes.length) any.push(equalsAny(sql`c.user_parish`, parishes));
    if (towns.length) any.push(equalsAny(sql`c.user_location`, towns));
    if (prefix !== undefined) {
      const pattern = `${prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      any.push(sql`lower(c.user_location) like ${pattern}`, sql`lower(c.user_parish) like ${pattern}`);
    }
    conds.push(any.length === 1 ? any[0] : sql`(${sql.join(any, sql` or `)})`);
  }
  if (f.minRate !== undefined && f.minRate > 0) conds.push(sql`c.hourly_rate >= ${f.minRate}`);
  if (f.maxRate !== undefined) conds.push(sql`c.hourly_rate <= ${f.maxRate}`);
  if (f.experience) conds.push(sql`c.experience >= ${f.experience}`);
  if (f.type) conds.push(sql`(c.kinds_mask & ${1 << bit(KIND_FACETS, f.type)}::int) <> 0`);
  if (f.verified) {
    // The Verified badge's rule (see trust.ts): an approved record whose police record is under 12 months
    // old (PostgreSQL's month arithmetic clamps to the month's end, as policeRecordExpiresOn does).
    conds.push(sql`c.user_verified and exists (select 1 from verifications v where v.user_id = c.user_id
      and v.status = 'approved' and v.police_record_issued_at + interval '12 months' > ${f.today ?? sql`current_date`}::date)`);
  }
  if (f.skills?.length) {
    // Every one: all their bits, and the unknown ones in the arrays.
    const { mask, others } = facetMask(QUALIFICATION_FACETS, f.skills);
    // `>=` rather than `=` (equivalent: the masked value cannot exceed the mask): the planner guesses a third
    // of rows for a range and 0.5% for an equality, and with 0.5% it sorts every match instead of walking
    // the index in order.
    if (mask) conds.push(sql`(c.qualifications_mask & ${String(mask)}::bigint) >= ${String(mask)}::bigint`);
    if (others.length) conds.push(sql`(c.skills || c.certifications) @> ${textArray(others)}`);
  }
  if (f.availability?.length) {
    // Any one.
    const { mask, others } = facetMask(AVAILABILITY_FACETS, f.availability);
    const any: SQL[] = [];
    if (mask) any.push(sql`(c.availability_mask & ${Number(mask)}::int) <> 0`);
    if (others.length) any.push(sql`c.availability && ${textArray(others)}`);
    conds.push(any.length === 1 ? any[0] : sql`(${sql.join(any, sql` or `)})`);
  }
  if (f.urgent) {
    const now = 1 << bit(AVAILABILITY_FACETS, 'Available Now');
    const today = f.urgent.workingHours ? 1 << bit(AVAILABILITY_FACETS, 'Weekdays') : 0;
    conds.push(sql`(c.availability_mask & ${now | today}::int) <> 0`);
  }
  if (f.text) {
    // The words go in as a value the planner folds into a constant tsquery, so that it can tell a rare
    // word (GIN) from a common one (walk the rating index); numnode = 0: only stop words, no filter.
    const query = textQuery(f.text);
    conds.push(sql`(numnode(${query}) = 0 or c.search_document @@ ${query})`);
  }
  return sql.join(conds, sql` and `);
}
