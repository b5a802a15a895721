import type { Parish } from './catalog';

/**
 * Each parish's capital (latitude, longitude), to order places "nearest first" without a geocoder
 * (backup offers, ADR 0034). Straight-line kilometres between capitals: rough, but it puts St. Catherine
 * before Hanover for a family in Kingston, which is all the ordering needs.
 */
const CAPITALS: Record<Parish, readonly [number, number]> = {
  Kingston: [17.997, -76.793],
  'St. Andrew': [18.012, -76.797],
  'St. Thomas': [17.882, -76.409],
  Portland: [18.176, -76.451],
  'St. Mary': [18.368, -76.89],
  'St. Ann': [18.436, -77.202],
  Trelawny: [18.493, -77.656],
  'St. James': [18.471, -77.919],
  Hanover: [18.451, -78.174],
  Westmoreland: [18.219, -78.133],
  'St. Elizabeth': [18.026, -77.849],
  Manchester: [18.042, -77.507],
  Clarendon: [17.965, -77.245],
  'St. Catherine': [17.991, -76.957],
};

/** Kilometres between two parishes' capitals (0 for the same parish; Infinity when one is unknown). */
export function parishDistanceKm(a: string | null, b: string | null): number {
  const p = a ? CAPITALS[a as Parish] : undefined;
  const q = b ? CAPITALS[b as Parish] : undefined;
  if (!p || !q) return Number.POSITIVE_INFINITY;
  if (a === b) return 0;
  const rad = Math.PI / 180;
  const dLat = (q[0] - p[0]) * rad;
  const dLng = (q[1] - p[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(p[0] * rad) * Math.cos(q[0] * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
