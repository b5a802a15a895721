import { PARISHES, type Parish, TOWNS } from './catalog';

// A module of its own: sorting with localeCompare builds an ICU collator, tens of milliseconds of a phone's
// main thread, which every page paid when this table was made in catalog.ts; only the location pickers need it.
/** Towns grouped by parish, parishes in catalog order, towns alphabetically: what every location picker shows. */
export const TOWNS_BY_PARISH: readonly { parish: Parish; towns: string[] }[] = PARISHES.map((parish) => ({
  parish,
  towns: TOWNS.filter((t) => t.parish === parish)
    .map((t) => t.name)
    .sort((a, b) => a.localeCompare(b)),
}));
