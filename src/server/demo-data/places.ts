import { type Parish, TOWNS } from '../../shared/catalog';
import type { Rng } from './random';

/** Where demo people live: the parishes grouped into regions (families book caregivers nearby) and towns. */

export type Region = 'corporate' | 'east' | 'north' | 'west' | 'south';
export const REGION: Record<Parish, Region> = {
  Kingston: 'corporate',
  'St. Andrew': 'corporate',
  'St. Catherine': 'corporate',
  'St. Thomas': 'east',
  Portland: 'east',
  'St. Mary': 'north',
  'St. Ann': 'north',
  Trelawny: 'north',
  'St. James': 'west',
  Hanover: 'west',
  Westmoreland: 'west',
  'St. Elizabeth': 'south',
  Manchester: 'south',
  Clarendon: 'south',
};

export function pickTown(rng: Rng, parish: Parish): string {
  const towns = TOWNS.filter((t) => t.parish === parish);
  return rng.weighted(towns.map((t) => [t.name, t.isCapital || t.inSignupList ? 3 : 1] as const));
}
