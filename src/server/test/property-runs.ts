/**
 * How many runs the property-based tests over a database make, and with which seeds (ADR 0056). Each such
 * file runs once per database kind (DB_KINDS), and the embedded PGlite is two to three times slower per
 * query than PostgreSQL, so those files were among the longest of the unit phase. Set by FC_RUNS:
 *
 * - unset (CI, a developer's run): every property's full count once per run, with every seed, on the primary
 *   kind: PostgreSQL when TEST_DATABASE_URL is set (CI), otherwise PGlite. The other kind runs the same
 *   properties on the same code with a quarter of the count (at least `minSecondary`) and the fixed seed only:
 *   what differs between the kinds is the driver and the SQL engine, which every run reaches.
 * - `nightly`: four times the full count, every seed, on every kind.
 * - a number: that many runs, every seed, on every kind (to replay or to stress one file).
 */
export type PropertyKind = 'pglite' | 'postgres';

const setting = process.env.FC_RUNS?.trim() || undefined;

/** The kind that gets the full count: PostgreSQL when the run has it (CI always does). */
export const PRIMARY_KIND: PropertyKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** Whether `kind` gets the full count and every seed in this run. */
export function isFullRun(kind: PropertyKind): boolean {
  return setting !== undefined || kind === PRIMARY_KIND;
}

/** The runs a property with this full count makes on `kind` in this run. */
export function propertyRuns(full: number, kind: PropertyKind, minSecondary = 1): number {
  if (setting === 'nightly') return full * 4;
  if (setting !== undefined) {
    const runs = Number(setting);
    if (!Number.isInteger(runs) || runs < 1)
      throw new Error(`FC_RUNS must be 'nightly' or a count: ${setting}`);
    return runs;
  }
  return kind === PRIMARY_KIND ? full : Math.max(minSecondary, Math.ceil(full / 4));
}

/** The seeds a property runs with on `kind`: the fixed one always, the others where the run is full. */
export function propertySeeds<T>(kind: PropertyKind, fixed: T, ...others: T[]): T[] {
  return isFullRun(kind) ? [fixed, ...others] : [fixed];
}
