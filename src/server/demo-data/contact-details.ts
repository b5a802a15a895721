import { pad } from './dates';
import { MOBILE_PREFIXES } from './names';
import type { Rng } from './random';

/** How demo people are reached: a Jamaican mobile number, and the local part of an email address. */

export function phoneNumber(rng: Rng): string {
  return `+1${rng.pick(MOBILE_PREFIXES)}${pad(rng.int(0, 99))}${pad(rng.int(0, 99))}`;
}

export const emailLocal = (first: string, last: string) =>
  `${first}.${last}`
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z.]/g, '');
