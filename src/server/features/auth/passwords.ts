import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import pLimit from 'p-limit';

/** OWASP's argon2id profile: 19 MiB, 2 passes, 1 lane. */
// Algorithm.Argon2id (a const enum, so written as its value).
const ARGON2 = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * One argon2id hash, outside any queue: for scripts, demo data and tests, which hash one at a time. The
 * server hashes through its `PasswordHasher` (below), whose queue bounds the memory a login flood costs.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/** Checks a password against a hash (false for a malformed hash), outside any queue: see hashPassword. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** The server's password hashing: built once (services.ts) and handed to whoever hashes or verifies. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** A hash of nothing anyone knows, with the same parameters as every password hash. */
  decoyHash(): Promise<string>;
  /** Computes the decoy ahead of the first login, so the first unknown address does not pay for it too. */
  prepareDecoy(): void;
  /** One full verify against the decoy, for an unknown e-mail: both paths cost the same. */
  verifyAgainstDecoy(password: string): Promise<false>;
}

/**
 * At most `concurrency` hashes run at once; the rest wait in line. A login flood then costs a queue,
 * not 19 MiB per request.
 */
export function createPasswordHasher(opts: { concurrency: number }): PasswordHasher {
  const limit = pLimit(opts.concurrency);
  /**
   * Verified against when the email is unknown so that both paths cost one full argon2 verify. Computed
   * once per hasher, ahead of the first login (see `prepareDecoy`).
   */
  let decoy: Promise<string> | undefined;
  const hasher: PasswordHasher = {
    hash: (password) => limit(() => hashPassword(password)),
    verify: (passwordHash, password) => limit(() => verifyPassword(passwordHash, password)),
    decoyHash() {
      decoy ??= hashPassword('decoy-password-never-valid');
      return decoy;
    },
    prepareDecoy() {
      hasher.decoyHash().catch(() => {
        decoy = undefined;
      });
    },
    verifyAgainstDecoy(password) {
      return hasher
        .decoyHash()
        .then((h) => hasher.verify(h, password))
        .then(() => false);
    },
  };
  return hasher;
}

/** The 3,000 most common passwords (zxcvbn's frequency-ranked list), compared case-insensitively. */
const COMMON = new Set(
  (dictionary['passwords-common'] as string[]).slice(0, 3000).map((p) => p.toLowerCase()),
);
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
