import { type SQL, sql } from 'drizzle-orm';
import { type SearchSort, TRUST_CLAIMS } from '../../../shared/contracts/caregivers';
import type { Tx } from '../../db/client';
import { KIND_FACETS } from '../../db/schema';
import { poolOf, rows, runQuery, statementName, toStatement } from './prepared-query';
import { type SearchFilters, searchConditions, textArray, textQuery } from './search-filters';
import { type SearchPage, SearchStatements } from './search-statements';

export type { SearchPage };

/**
 * Search SQL. Everything a filter reads is on the caregivers row (copies and bit masks kept by trigger,
 * see the schema), and the covering indexes hold those columns in the order of each sort, so a search
 * walks one index in result order and stops: after the page, and (counting) after the count's cap.
 */

// Each order matches an index of the schema column for column (NULLS too), with id last: a total order,
// so that pages never repeat or skip a caregiver. `$` stands for the table alias.
const ORDERS: Record<SearchSort, string> = {
  relevance: '$.average_rating desc nulls last, $.total_reviews desc nulls last, $.id desc nulls last',
  rating: '$.average_rating desc nulls last, $.total_reviews desc nulls last, $.id desc nulls last',
  rate_asc: '$.hourly_rate, $.id',
  rate_desc: '$.hourly_rate desc, $.id desc',
  experience:
    '$.experience desc nulls last, $.average_rating desc nulls last, $.total_reviews desc nulls last, $.id desc nulls last',
  reliability:
    '$.reliability_score desc nulls last, $.average_rating desc nulls last, $.total_reviews desc nulls last, $.id desc nulls last',
};
const orderBy = (sort: SearchSort, alias: string) => sql.raw(ORDERS[sort].replaceAll('$', alias));

/** The verification record of a row (see TrustRecord), null when there is none. */
const trustJson = sql`case when v.id is null then null else json_build_object(
  'status', v.status, 'reviews', v.reviews, 'phoneVerified', v.phone_verified, 'idVerified', v.id_verified,
  'selfieVerified', v.selfie_verified, 'addressVerified', v.address_verified,
  'backgroundCheckVerified', v.background_check_verified,
  'policeRecordIssuedAt', v.police_record_issued_at::text,
  'referenceCount', jsonb_array_length(v."references"), 'verifiedAt', v.verified_at) end`;

/**
 * The certifications a public read shows: the caregiver's own list without the TRUST_CLAIMS, which only
 * a verification record can earn (trust.ts publicCertifications, for the profile).
 */
const publicCertifications = TRUST_CLAIMS.reduce<SQL>(
  (list, claim) => sql`array_remove(${list}, ${claim}::text)`,
  sql`c.certifications`,
);

/** Epoch milliseconds: numbers to compare, not dates the service would parse for every booking. */
const epochMs = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::bigint`;

/**
 * A row's bookings in the window as [start, end) pairs in epoch milliseconds, in the same statement (one
 * index probe per row of the page).
 */
const busyJson = ({
  from,
  to,
}: SearchPage['busy']) => sql`(select coalesce(json_agg(json_build_array(${epochMs(sql`b.starts_at`)}, ${epochMs(sql`b.ends_at`)})), '[]'::json)
  from bookings b where b.caregiver_id = c.id and b.status in ('confirmed', 'pending')
  and b.starts_at < ${to.toISOString()}::timestamptz and b.ends_at > ${from.toISOString()}::timestamptz)`;

/** The Jamaica date (UTC−5 all year) of a timestamptz, by arithmetic: whatever the session's time zone. */
export const jamaicaDate = (t: SQL) =>
  sql`(date '1970-01-01' + floor((extract(epoch from ${t}) - 18000) / 86400)::int)`;

/**
 * A row's time off and extra hours touching the window (ADR 0046) as [kind, from, to, startTime, endTime]
 * (dates in Jamaica), in the same statement: one probe of availability_exceptions' (caregiver_id, to_date)
 * index per row of the page, as for the bookings.
 */
const exceptionsJson = ({
  from,
  to,
}: SearchPage['busy']) => sql`(select coalesce(json_agg(json_build_array(e.kind, e.from_date, e.to_date, e.start_time, e.end_time)), '[]'::json)
  from availability_exceptions e where e.caregiver_id = c.id
  and e.to_date >= ${jamaicaDate(sql`${from.toISOString()}::timestamptz`)} - 1
  and e.from_date <= ${jamaicaDate(sql`${to.toISOString()}::timestamptz`)})`;

/**
 * Between the rows of a rendered page, and between the fields of a row. The fields, in order: the head of
 * the PublicCaregiver object up to `kinds` and its middle from `bio` to `skills` (compact JSON text,
 * without the braces where the service adds keys), the user's is_verified ('1' or '0'), the certifications
 * a public read shows (JSON array, without the TRUST_CLAIMS), the verification record (JSON, '' for none),
 * the availability (JSON array), the bookings in the window (JSON array of [startsAt, endsAt]) and the
 * time off and extra hours touching it (exceptionsJson): the last three side by side, the text the next
 * free moment is kept by.
 */
export const ROW_SEPARATOR = '\x1e';
export const FIELD_SEPARATOR = '\x1f';

/**
 * The page rendered by PostgreSQL, from caregivers `c` and users `u` in `order`: its rows (ROW_SEPARATOR)
 * of fields (FIELD_SEPARATOR), '' for none. JSON text never holds a raw control character, so
 * the separators cannot occur inside a field. row_to_json writes compact JSON, the text JSON.stringify
 * writes for the same values, so the service splices the rows into the answer and adds what needs the
 * clock without parsing the page and serializing it again (parsing 24 rows in node-postgres, mapping them
 * and serializing them again was measured at twice the server's CPU per search; parsing the database's
 * JSON and serializing it again still cost a third). Only these keys leave the database: nothing private
 * can. Outside production the service checks every page against the zod schema (createCaregiverDirectoryService's
 * checkRendering). Money stays a numeric string ('1500.00'); the last name is its initial.
 */
const pageText = (order: SQL, busy: SearchPage['busy']) => sql`coalesce(string_agg(concat_ws(chr(31),
  left(row_to_json(head)::text, -1),
  substr(row_to_json(mid)::text, 2, length(row_to_json(mid)::text) - 2),
  case when u.is_verified then '1' else '0' end,
  to_json(${publicCertifications})::text,
  coalesce((${trustJson})::text, ''),
  to_json(c.availability)::text,
  ${busyJson(busy)}::text,
  ${exceptionsJson(busy)}::text), chr(30) order by ${order}), '')`;

/** The records whose row_to_json is the head and the middle of a PublicCaregiver (key order is theirs). */
const PAGE_RECORDS = sql.raw(`cross join lateral (
    select c.id as "id",
      (select row_to_json(x) from (select u.first_name as "firstName",
        upper(left(btrim(u.last_name), 1)) as "lastName", u.profile_image_url as "profileImageUrl",
        u.location as "location") x) as "user",
      u.parish as "parish", c.kinds as "kinds") head
  cross join lateral (
    select c.bio as "bio", c.experience as "experience", c.hourly_rate::text as "hourlyRate",
      c.average_rating::text as "averageRating", c.total_reviews as "totalReviews", c.skills as "skills") mid`);

/** The caregivers columns the page reads. */
const PAGE_COLUMNS = sql.raw(
  'c.id, c.user_id, c.kinds, c.bio, c.experience, c.hourly_rate, c.average_rating, c.total_reviews, ' +
    'c.skills, c.certifications, c.availability, c.reliability_score',
);

/**
 * A search's statement and prepared name. A text query or a free-text location prefix plans well only with
 * its value in hand (a generic plan for an unknown tsquery was measured 7× slower), so those are planned
 * afresh each time.
 */
export function buildSearchStatement(f: SearchFilters, p: SearchPage) {
  const statement = toStatement(searchRepo.searchQuery(f, p));
  const prepare = !f.text && f.location?.prefix === undefined;
  return { ...statement, name: prepare ? statementName(statement.text) : undefined };
}
/** Built statements by search shape (PostgreSQL; see search-statements.ts). */
export const searchStatements = new SearchStatements(buildSearchStatement);

export const searchRepo = {
  /**
   * One statement answers the page and the count. The count walks the matches in result order on the
   * covering index and stops past the cap (or past the page's end); the page is a second, short walk of
   * the same order. With text and sort=relevance, the walk also collects the matches in rating order:
   * the best rated `rankCandidates` come first, ordered by ts_rank, then the rest by rating.
   */
  searchQuery(f: SearchFilters, p: SearchPage): SQL {
    const where = searchConditions(f);
    const walk = Math.max(p.countCap, p.offset + p.limit) + 1;
    if (!(f.text && p.sort === 'relevance')) {
      return sql`
        select
          (select count(*)::int
           from (select 1 from caregivers c where ${where} order by ${orderBy(p.sort, 'c')} limit ${walk}) x
          ) as total,
          (select ${pageText(orderBy(p.sort, 'c'), p.busy)}
           from (select ${PAGE_COLUMNS} from caregivers c where ${where} order by ${orderBy(p.sort, 'c')}
                 offset ${p.offset} limit ${p.limit}) c
           join users u on u.id = c.user_id
           left join verifications v on v.user_id = c.user_id
           ${PAGE_RECORDS}
          ) as page`;
    }
    const byRating = orderBy('rating', 'c');
    return sql`
      with m as materialized (
        select c.id, c.search_document as doc, row_number() over (order by ${byRating}) as rn
        from caregivers c where ${where} order by ${byRating} limit ${walk}
      ),
      page as (
        select id, pos from (
          select id, row_number() over (
            order by rn > ${p.rankCandidates},
                     case when rn <= ${p.rankCandidates} then ts_rank(doc, ${textQuery(f.text)}) end desc nulls last,
                     rn) as pos
          from m
        ) x
        where pos > ${p.offset} and pos <= ${p.offset + p.limit}
      )
      select
        (select count(*)::int from m) as total,
        (select ${pageText(sql`page.pos`, p.busy)}
         from page join caregivers c on c.id = page.id join users u on u.id = c.user_id
         left join verifications v on v.user_id = c.user_id
         ${PAGE_RECORDS}) as page`;
  },

  /** The page as rendered rows (see pageText), and the matches counted (up to the cap + 1). */
  async search(tx: Tx, f: SearchFilters, p: SearchPage): Promise<{ rows: string; matched: number }> {
    const pool = poolOf(tx);
    let result: { total: number; page: string };
    if (pool) {
      const { text, params, name } = searchStatements.statement(f, p);
      [result] = (await pool.query<{ total: number; page: string }>({ name, text, values: params })).rows;
    } else {
      [result] = await rows<{ total: number; page: string }>(tx, searchRepo.searchQuery(f, p));
    }
    return { rows: result.page, matched: Number(result.total) };
  },

  /**
   * The words of q with each one that is no word of any caregiver replaced by the most similar one that
   * is (pg_trgm similarity ≥ `minSimilarity`), for a second try when the words as typed found nothing.
   */
  async correctWords(tx: Tx, words: string[], minSimilarity: number): Promise<string[]> {
    // Prepared: a known word is a primary-key lookup (COALESCE stops there); only a misspelt one
    // reaches the trigram index.
    const [row] = await runQuery<{ words: string[] | null }>(
      tx,
      sql`select array_agg(coalesce(
               (select t.term from search_terms t where t.term = x.w),
               case when length(x.w) >= 3 then (
                 select t.term from search_terms t
                 where t.term % x.w and similarity(t.term, x.w) >= ${minSimilarity}
                 order by similarity(t.term, x.w) desc, t.term limit 1) end,
               x.w) order by x.i) as words
          from unnest(${textArray(words)}) with ordinality as x(w, i)`,
      true,
    );
    return row?.words ?? words;
  },

  /**
   * Listed caregivers per kind, in KIND_FACETS order: counted per combination of kinds (a few dozen
   * groups, half the work of eight filtered counts), then per bit.
   */
  async kindCounts(tx: Tx): Promise<number[]> {
    const groups = await rows<{ mask: number; count: number }>(
      tx,
      sql`select c.kinds_mask as mask, count(*)::int as count from caregivers c
          where c.is_listed group by c.kinds_mask`,
    );
    return KIND_FACETS.map((_, i) =>
      groups.reduce((n, g) => (Number(g.mask) & (1 << i) ? n + Number(g.count) : n), 0),
    );
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
};
