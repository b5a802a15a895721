import { jamaicaToday } from '../../shared/time';
import { avatarUrl } from '../features/avatars';
import { addDays, HOUR, jamaicaInstant, minDate } from './dates';
import { createRng, type Rng } from './random';

export const DEMO_SEED = 20250716;

/**
 * What every part of the generator draws with. The data set is the sequence of the one seeded PRNG's
 * draws, so the parts run in a fixed order (generate.ts) and each keeps the order of its own draws.
 */
export interface DemoContext {
  rng: Rng;
  /** The moment the data set is built around. */
  now: Date;
  /** yyyy-MM-dd in Jamaica. */
  today: string;
  /** `days` before today in Jamaica, at `hour` (drawn when not given) and a drawn minute; never within the last hour. */
  daysAgo(days: number, hour?: number): Date;
  /** "First Last" of everyone so far: no two demo people share a name. */
  usedNames: Set<string>;
  /** The next local avatar (numbered in the order people are made). */
  nextAvatar(first: string, last: string): string;
}

export function createDemoContext(now: Date): DemoContext {
  const rng = createRng(DEMO_SEED);
  const today = jamaicaToday(now);
  const daysAgo = (days: number, hour = rng.int(7, 20)) =>
    minDate(jamaicaInstant(addDays(today, -days), hour, rng.int(0, 59)), new Date(now.getTime() - HOUR));
  let avatarN = 0;
  const nextAvatar = (first: string, last: string) => avatarUrl(first, last, ++avatarN);
  return { rng, now, today, daysAgo, usedNames: new Set<string>(), nextAvatar };
}
