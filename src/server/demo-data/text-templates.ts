import type { Note, Timed } from './content';

/** Filling the catalogue's texts: {placeholders}, booking-time conditions, pronouns, place names. */

export function fitsTime(t: Timed | string, startHour: number, hours: number): boolean {
  if (typeof t === 'string') return true;
  return (
    (t.minStart === undefined || startHour >= t.minStart) &&
    (t.maxStart === undefined || startHour <= t.maxStart) &&
    (t.minHours === undefined || hours >= t.minHours)
  );
}

export const noteText = (n: Note) => (typeof n === 'string' ? n : n.text);

/** "Half Way Tree, St. Andrew", or just "Kingston" where town and parish share a name. */
export function placeName(town: string, parish: string): string {
  return town === parish ? town : `${town}, ${parish}`;
}

export function fill(text: string, vars: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => vars[k] ?? m);
}

export function fillTemplate(text: string, vars: Record<string, string | number>): string {
  return fill(
    text,
    Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, String(v)])) as Record<string, string>,
  );
}

/** Pronoun placeholders in review texts: {she} {She} {her} (possessive) {Her} {obj} {his} {himself}. */
export function pronouns(gender: 'f' | 'm'): Record<string, string> {
  return gender === 'f'
    ? { she: 'she', She: 'She', her: 'her', Her: 'Her', obj: 'her', his: 'her', himself: 'herself' }
    : { she: 'he', She: 'He', her: 'his', Her: 'His', obj: 'him', his: 'his', himself: 'himself' };
}
