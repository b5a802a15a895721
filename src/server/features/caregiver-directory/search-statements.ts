import type { SearchFilters } from './search-filters';

export interface SearchPage {
  sort: SearchSort;
  limit: number;
  offset: number;
  /** Count matches up to this many (more → the total is a lower bound). */
  countCap: number;
  /** With text and sort=relevance: how many of the best rated matches are ranked by text relevance. */
  rankCandidates: number;
  /** Each row carries its confirmed and pending bookings overlapping [from, to) (for nextAvailableAt). */
  busy: { from: Date; to: Date };
}

import type { SearchSort } from '../../../shared/contracts/caregivers';

/**
 * Built search statements, by the search's shape. Building a search statement with Drizzle (composing the
 * template, flattening it to text and parameters, finding its prepared name) took about 45 µs of the
 * server's CPU per search, measured in a V8 profile of bench:search against its bare-server reference,
 * and it is the same work for every search of one shape. Only three values change with the clock: the
 * bookings window (from, to) and today's date. So a shape is built once with a placeholder for each and
 * kept; a search of that shape copies its parameters and puts the clock's values where the placeholders
 * were. The text is unchanged, and so is the prepared statement's name.
 *
 * A placeholder holds a NUL character, which no request value can hold (every request with one is refused
 * with 400, and PostgreSQL text cannot store one), so a placeholder is never mistaken for a filter value;
 * a shape whose parameters hold a NUL anyway is not kept (built afresh each time).
 */
const FROM = '\u0000busy.from';
const TO = '\u0000busy.to';
const TODAY = '\u0000today';
const PLACEHOLDERS = new Set([FROM, TO, TODAY]);

export interface BuiltStatement {
  text: string;
  params: unknown[];
  /** The prepared statement's name (undefined: planned afresh each time). */
  name: string | undefined;
}

interface Shape extends BuiltStatement {
  /** Indexes of the parameters that take the window's start and end, and today. */
  from: number[];
  to: number[];
  today: number[];
}

/** A Date as far as the statement reads one: only its ISO text. */
const placeholderDate = (text: string) => ({ toISOString: () => text }) as Date;

export class SearchStatements {
  readonly #shapes = new Map<string, Shape | null>();

  /**
   * `build`: the statement of a search (text and parameters) and its prepared name; called with placeholder
   * values on the first search of a shape. At most `capacity` shapes are kept (then all are forgotten).
   */
  constructor(
    private readonly build: (f: SearchFilters, p: SearchPage) => BuiltStatement,
    private readonly capacity = 500,
  ) {}

  statement(f: SearchFilters, p: SearchPage): BuiltStatement {
    const { today, ...rest } = f;
    const key = JSON.stringify([
      rest,
      today === undefined,
      p.sort,
      p.limit,
      p.offset,
      p.countCap,
      p.rankCandidates,
    ]);
    let shape = this.#shapes.get(key);
    if (shape === undefined) {
      shape = this.#shape(f, p);
      if (this.#shapes.size >= this.capacity) this.#shapes.clear();
      this.#shapes.set(key, shape);
    }
    if (shape === null) return this.build(f, p);
    const params = shape.params.slice();
    const from = p.busy.from.toISOString();
    const to = p.busy.to.toISOString();
    for (const i of shape.from) params[i] = from;
    for (const i of shape.to) params[i] = to;
    for (const i of shape.today) params[i] = today;
    return { text: shape.text, params, name: shape.name };
  }

  /** Builds a shape with placeholders; null when its parameters hold a NUL that is no placeholder. */
  #shape(f: SearchFilters, p: SearchPage): Shape | null {
    const built = this.build(
      { ...f, today: f.today === undefined ? undefined : TODAY },
      { ...p, busy: { from: placeholderDate(FROM), to: placeholderDate(TO) } },
    );
    const shape: Shape = { ...built, from: [], to: [], today: [] };
    for (const [i, value] of built.params.entries()) {
      if (typeof value !== 'string' || !value.includes('\u0000')) continue;
      if (!PLACEHOLDERS.has(value)) return null;
      shape[value === FROM ? 'from' : value === TO ? 'to' : 'today'].push(i);
    }
    return shape;
  }
}
