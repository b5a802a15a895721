import { PARISHES, type Parish } from './catalog';

/**
 * Which parishes share a land border (Jamaica's 14): how far a backup caregiver may be asked to travel
 * (ADR 0045). Kingston touches only St. Andrew; the table is symmetric (tested).
 */
export const ADJACENT_PARISHES: Record<Parish, readonly Parish[]> = {
  Kingston: ['St. Andrew'],
  'St. Andrew': ['Kingston', 'St. Catherine', 'St. Mary', 'Portland', 'St. Thomas'],
  'St. Thomas': ['St. Andrew', 'Portland'],
  Portland: ['St. Thomas', 'St. Andrew', 'St. Mary'],
  'St. Mary': ['Portland', 'St. Andrew', 'St. Catherine', 'St. Ann'],
  'St. Ann': ['St. Mary', 'St. Catherine', 'Clarendon', 'Trelawny'],
  Trelawny: ['St. Ann', 'St. James', 'St. Elizabeth', 'Manchester'],
  'St. James': ['Trelawny', 'Hanover', 'Westmoreland', 'St. Elizabeth'],
  Hanover: ['St. James', 'Westmoreland'],
  Westmoreland: ['Hanover', 'St. James', 'St. Elizabeth'],
  'St. Elizabeth': ['Westmoreland', 'St. James', 'Trelawny', 'Manchester'],
  Manchester: ['St. Elizabeth', 'Trelawny', 'Clarendon'],
  Clarendon: ['Manchester', 'St. Ann', 'St. Catherine'],
  'St. Catherine': ['Clarendon', 'St. Ann', 'St. Mary', 'St. Andrew'],
};

const isParish = (p: string | null | undefined): p is Parish =>
  (PARISHES as readonly string[]).includes(p ?? '');

/** How far `from` is from `to`: the same parish, a parish next to it, or further (null: unknown). */
export type ParishTravel = 'same' | 'next' | 'far';

export function parishTravel(from: string | null, to: string | null): ParishTravel | null {
  if (!isParish(from) || !isParish(to)) return null;
  if (from === to) return 'same';
  return ADJACENT_PARISHES[from].includes(to) ? 'next' : 'far';
}

/** The parishes within travel of `parish`: itself and its neighbours (null when the parish is unknown). */
export function parishesWithinTravel(parish: string | null): Parish[] | null {
  return isParish(parish) ? [parish, ...ADJACENT_PARISHES[parish]] : null;
}

/** What an offer says about the distance: "Same parish" or "Next parish: St. Catherine". */
export function travelLabel(from: string | null, to: string | null): string | null {
  const t = parishTravel(from, to);
  if (t === 'same') return 'Same parish';
  if (t === 'next') return `Next parish: ${to}`;
  return null;
}
