import type { CaregiverKind } from '../../shared/catalog';
import {
  COMPANION_KINDS,
  CORPORATE_AREA_PLACES,
  CPR,
  FA,
  KIND_PROFILES,
  PARISH_PLACES,
  type Sentence,
} from './content';
import type { Rng } from './random';
import { fill, placeName } from './text-templates';

/**
 * A caregiver's profile drawn from the catalogue of their kinds: bio, companion kinds, skills,
 * certificates, availability and rate. Used by the demo data set and the bulk caregivers alike.
 */

const years = (n: number) => (n === 1 ? '1 year' : `${n} years`);

function sentenceFits(s: Sentence, certs: readonly string[], exp: number): boolean {
  if (typeof s === 'string') return true;
  if (s.certs && !s.certs.every((c) => certs.includes(c))) return false;
  if (s.minYears !== undefined && exp < s.minYears) return false;
  if (s.maxYears !== undefined && exp > s.maxYears) return false;
  return true;
}

const sentenceText = (s: Sentence) => (typeof s === 'string' ? s : s.text);

function placeSentence(rng: Rng, parish: string): string {
  return rng.pick(parish === 'Kingston' || parish === 'St. Andrew' ? CORPORATE_AREA_PLACES : PARISH_PLACES);
}

/** A 2–4 sentence bio in the caregiver's voice, naming their town or parish. */
export function composeBio(
  rng: Rng,
  p: {
    kinds: readonly CaregiverKind[];
    town: string;
    parish: string;
    experience: number;
    certifications: readonly string[];
  },
): string {
  const main = KIND_PROFILES[p.kinds[0]];
  const fits = (list: Sentence[]) => list.filter((s) => sentenceFits(s, p.certifications, p.experience));
  const opener = sentenceText(rng.pick(fits(main.bio.openers)));
  // Every bio names where the caregiver works; openers that do not get a sentence that does.
  const place = /\{(town|parish|place)\}/.test(opener) ? [] : [placeSentence(rng, p.parish)];
  const middles = rng.sample(
    fits(main.bio.middles),
    p.kinds.length > 1 || place.length > 0 ? 1 : rng.int(1, 2),
  );
  const parts = [opener, ...place, ...rng.shuffle(middles).map(sentenceText)];
  if (p.kinds.length > 1) parts.push(KIND_PROFILES[p.kinds[1]].bio.also);
  if (parts.length < 4 && rng.chance(0.7)) parts.push(sentenceText(rng.pick(fits(main.bio.closers))));
  return fill(parts.join(' '), {
    town: p.town,
    parish: p.parish,
    place: placeName(p.town, p.parish),
    years: years(p.experience),
  });
}

/** The kinds of a caregiver: the main one, plus 0–2 companions. */
export function pickKinds(rng: Rng, main: CaregiverKind): CaregiverKind[] {
  const extra = rng.weighted<number>([
    [0, 5],
    [1, 4],
    [2, 1],
  ]);
  return [main, ...rng.sample(rng.shuffle(COMPANION_KINDS[main]), extra)];
}

/** Skills for a profile: the main kind's core skills, then a few more from each of its kinds. */
export function pickSkills(
  rng: Rng,
  kinds: readonly CaregiverKind[],
  certifications: readonly string[],
): string[] {
  const out = new Set<string>(KIND_PROFILES[kinds[0]].coreSkills);
  for (const [i, kind] of kinds.entries()) {
    const pool = KIND_PROFILES[kind].skills.filter((s) => !out.has(s));
    for (const s of rng.sample(pool, i === 0 ? rng.int(2, 4) : rng.int(1, 2))) out.add(s);
  }
  // A certificate held is also worth listing as a searchable skill.
  if (certifications.includes(FA)) out.add(FA);
  if (certifications.includes(CPR)) out.add(CPR);
  return [...out].slice(0, 8);
}

export function pickCertifications(
  rng: Rng,
  kind: CaregiverKind,
  experience: number,
  verified: boolean,
): string[] {
  const pool = KIND_PROFILES[kind].certifications;
  const n = Math.min(pool.length, rng.int(experience >= 5 ? 2 : 1, experience >= 10 ? 4 : 3));
  const out = rng.sample(pool, n);
  if (verified) out.push('Background Check Completed');
  return out;
}

export function pickAvailability(rng: Rng, kind: CaregiverKind, availableNow: boolean): string[] {
  const p = KIND_PROFILES[kind];
  const general = rng.sample(p.availability, rng.int(2, Math.min(4, p.availability.length)));
  const slots = rng.chance(0.55) ? rng.sample(p.slots, rng.int(1, 3)) : [];
  return [...new Set([...(availableNow ? ['Available Now'] : []), ...general, ...slots])];
}

/** An hourly rate (JMD, a multiple of 50) in the kind's range, higher with experience. */
export function pickRate(rng: Rng, kind: CaregiverKind, experience: number): number {
  const [min, max] = KIND_PROFILES[kind].rate;
  const share = Math.min(1, Math.max(0, experience / 16 + (rng.next() - 0.5) * 0.4));
  const raw = min + (max - min) * share;
  return Math.min(max, Math.max(min, Math.round(raw / 50) * 50));
}
