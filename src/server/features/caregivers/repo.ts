import { createHash } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { CaregiverKind, Parish } from '../../../shared/catalog';
import type { SearchSort } from '../../../shared/contracts/caregivers';
import type { Tx } from '../../db/client';
import {
  AVAILABILITY_FACETS,
  caregivers,
  KIND_FACETS,
  QUALIFICATION_FACETS,
  users,
} from '../../db/schema';

/**
 * Search SQL. Everything a filter reads is on the caregivers row (copies and bit masks kept by trigger,
 * see the schema), and the covering indexes hold those columns in the order of each sort, so a search is
 * one index walk in result order that stops after the page, or after the count's cap.
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
  /** A tsquery (text form), already spell-corrected. */
  tsquery?: string;
  verified?: boolean;
  /** Jamaica's working hours right now (the 'Available Today' half of urgent). */
  urgent?: { workingHours: boolean };
}

export interface SearchPage {
  sort: SearchSort;
  limit: number;
  offset: number;
  /** Count matches up to this many (more → the total is a lower bound). */
  countCap: number;
  /** With a tsquery and sort=relevance: how many of the best rated matches are ranked by text relevance. */
  rankCandidates: number;
}

export interface SearchRow {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  profile_image_url: string | null;
  location: string | null;
  parish: string | null;
  is_verified: boolean;
  kinds: string[];
  bio: string | null;
  experience: number;
  hourly_rate: string;
  average_rating: string;
  total_reviews: number;
  skills: string[];
  certifications: string[];
  availability: string[];
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

const textArray = (values: readonly string[]) => sql`${sql.param(values)}::text[]`;

function equalsAny(column: SQL, values: readonly string[]): SQL {
  // One value as `=`: a list (= ANY) would keep the planner from reading the index in order.
  return values.length === 1 ? sql`${column} = ${values[0]}` : sql`${column} = any(${textArray(values)})`;
}

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
  if (f.verified) conds.push(sql`c.user_verified`);
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
  if (f.tsquery) conds.push(sql`c.search_document @@ ${f.tsquery}::tsquery`);
  return sql.join(conds, sql` and `);
}

// Each order matches an index of the schema column for column (NULLS too), with id last: a total order,
// so that pages never repeat or skip a caregiver.
const BY_RATING = sql.raw(
  'c.average_rating desc nulls last, c.total_reviews desc nulls last, c.id desc nulls last',
);
const ORDERS: Record<SearchSort, SQL> = {
  relevance: BY_RATING,
  rating: BY_RATING,
  rate_asc: sql.raw('c.hourly_rate, c.id'),
  rate_desc: sql.raw('c.hourly_rate desc, c.id desc'),
  experience: sql.raw(
    'c.experience desc nulls last, c.average_rating desc nulls last, c.total_reviews desc nulls last, c.id desc nulls last',
  ),
};

async function rows<R>(tx: Tx, query: SQL): Promise<R[]> {
  return ((await tx.execute(query)) as unknown as { rows: R[] }).rows;
}

const dialect = new PgDialect();

/**
 * Runs a query as a named prepared statement on PostgreSQL (node-postgres prepares each name once per
 * connection), else as `rows` does. Planning the search costs about as much as running it (measured: 2.4k
 * vs 1.5k statements a second), and each filter combination is one SQL text, so a name per text lets the
 * server keep the plan. Only for statements whose generic plan is as good as a custom one: see `search`.
 */
async function preparedRows<R>(tx: Tx, query: SQL): Promise<R[]> {
  const client = (tx as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return rows<R>(tx, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `yc_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
  return (await client.query<R & pg.QueryResultRow>({ name, text, values: params })).rows;
}

export const caregiverRepo = {
  /**
   * One statement: walk the matches in result order up to the count's cap (or the page's end), number
   * them, count them, and join the page's rows to their users. With a tsquery and sort=relevance, the
   * best rated `rankCandidates` matches come first, ordered by ts_rank, then the rest by rating.
   */
  searchQuery(f: SearchFilters, p: SearchPage): SQL {
    const order = ORDERS[p.sort];
    const walk = Math.max(p.countCap, p.offset + p.limit) + 1;
    const ranked = Boolean(f.tsquery) && p.sort === 'relevance';
    const matches = ranked
      ? sql`select c.id, c.search_document as doc, row_number() over (order by ${order}) as rn
            from caregivers c where ${searchConditions(f)} order by ${order} limit ${walk}`
      : sql`select c.id, row_number() over (order by ${order}) as rn
            from caregivers c where ${searchConditions(f)} order by ${order} limit ${walk}`;
    const positions = ranked
      ? sql`select id, row_number() over (
              order by rn > ${p.rankCandidates},
                       case when rn <= ${p.rankCandidates} then ts_rank(doc, ${f.tsquery}::tsquery) end desc nulls last,
                       rn) as pos
            from m`
      : sql`select id, rn as pos from m`;
    return sql`
      with m as materialized (${matches}),
      page as (select id, pos from (${positions}) x where pos > ${p.offset} and pos <= ${p.offset + p.limit})
      select t.total, c.id, c.user_id, u.first_name, u.last_name, u.profile_image_url, u.location, u.parish,
             u.is_verified, c.kinds, c.bio, c.experience, c.hourly_rate, c.average_rating, c.total_reviews,
             c.skills, c.certifications, c.availability
      from (select count(*)::int as total from m) t
      left join page on true
      left join caregivers c on c.id = page.id
      left join users u on u.id = c.user_id
      order by page.pos`;
  },

  async search(tx: Tx, f: SearchFilters, p: SearchPage): Promise<{ rows: SearchRow[]; matched: number }> {
    // A text query or a free-text location prefix plans well only with its value in hand (a generic plan
    // for an unknown tsquery was measured 7× slower), so those are planned afresh each time.
    const run = f.tsquery || f.location?.prefix !== undefined ? rows : preparedRows;
    const result = await run<SearchRow & { total: number }>(tx, caregiverRepo.searchQuery(f, p));
    const matched = result[0]?.total ?? 0;
    return { rows: result.filter((r) => r.id !== null), matched };
  },

  /**
   * The words of q as the tsquery to search, each word that is no word of any caregiver replaced by the
   * most similar one that is (trigram similarity ≥ `minSimilarity`). Empty when q has only stop words.
   */
  async textQuery(tx: Tx, words: string[], minSimilarity: number): Promise<string> {
    const [row] = await rows<{ query: string }>(
      tx,
      sql`select plainto_tsquery('english', coalesce(string_agg(coalesce(
               (select t.term from search_terms t where t.term = x.w),
               case when length(x.w) >= 3 then (
                 select t.term from search_terms t
                 where t.term % x.w and similarity(t.term, x.w) >= ${minSimilarity}
                 order by similarity(t.term, x.w) desc, t.term limit 1) end,
               x.w), ' ' order by x.i), ''))::text as query
          from unnest(${textArray(words)}) with ordinality as x(w, i)`,
    );
    return row?.query ?? '';
  },

  /** Listed caregivers per kind, in KIND_FACETS order. */
  async kindCounts(tx: Tx): Promise<number[]> {
    const cols = KIND_FACETS.map((_, i) => sql.raw(`count(*) filter (where (c.kinds_mask & ${1 << i}) <> 0)::int`));
    const [row] = await rows<Record<string, number>>(
      tx,
      sql`select ${sql.join(
        cols.map((c, i) => sql`${c} as ${sql.identifier(`k${i}`)}`),
        sql`, `,
      )} from caregivers c where c.is_listed`,
    );
    return KIND_FACETS.map((_, i) => Number(row?.[`k${i}`] ?? 0));
  },

  /** Listed caregivers matching the filters, per parish (parishes with none are absent). */
  async parishCounts(tx: Tx, f: SearchFilters): Promise<Map<string, number>> {
    const result = await rows<{ parish: string | null; count: number }>(
      tx,
      sql`select c.user_parish as parish, count(*)::int as count from caregivers c
          where ${searchConditions(f)} group by c.user_parish`,
    );
    return new Map(result.filter((r) => r.parish !== null).map((r) => [r.parish as string, Number(r.count)]));
  },

  async findProfile(tx: Tx, by: { id: number } | { userId: number }) {
    const [row] = await tx
      .select({
        id: caregivers.id,
        userId: caregivers.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
        location: users.location,
        parish: users.parish,
        isVerified: users.isVerified,
        kinds: caregivers.kinds,
        bio: caregivers.bio,
        experience: caregivers.experience,
        hourlyRate: caregivers.hourlyRate,
        averageRating: caregivers.averageRating,
        totalReviews: caregivers.totalReviews,
        skills: caregivers.skills,
        certifications: caregivers.certifications,
        availability: caregivers.availability,
        isAvailable: caregivers.isAvailable,
        isPublic: caregivers.isPublic,
        createdAt: caregivers.createdAt,
      })
      .from(caregivers)
      .innerJoin(users, eq(users.id, caregivers.userId))
      .where('id' in by ? eq(caregivers.id, by.id) : eq(caregivers.userId, by.userId))
      .limit(1);
    return row;
  },
};

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof caregiverRepo.findProfile>>>;
