import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import pLimit from 'p-limit';

/** OWASP's argon2id profile: 19 MiB, 2 passes, 1 lane. */
// Algorithm.Argon2id (a const enum, so written as its value).
const ARGON2 = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most this many hashes run at once; the rest wait in line. A login flood then costs a queue,
 * not 19 MiB per request.
 */
let limit = pLimit(4);
export function setHashConcurrency(n: number): void {
  limit = pLimit(n);
}

export function hashPassword(password: string): Promise<string> {
  return limit(() => hash(password, ARGON2));
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return limit(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

/**
 * A hash of nothing anyone knows, made with the same parameters as every password hash, verified against
 * when the email is unknown so that both paths cost one full argon2 verify. Computed once, ahead of the
 * first login (see `prepareDecoy`), so the first unknown address does not pay for a hash as well.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hash('decoy-password-never-valid', ARGON2);
  return decoy;
}
export function prepareDecoy(): void {
  decoyHash().catch(() => {
    decoy = undefined;
  });
}
export function verifyAgainstDecoy(password: string): Promise<false> {
  return decoyHash()
    .then((h) => verifyPassword(h, password))
    .then(() => false);
}

/** The 3,000 most common passwords (zxcvbn's frequency-ranked list), compared case-insensitively. */
const COMMON = new Set(
  (dictionary['passwords-common'] as string[]).slice(0, 3000).map((p) => p.toLowerCase()),
);
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
