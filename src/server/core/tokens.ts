import { createHash, randomBytes } from 'node:crypto';

/** A fresh 256-bit random token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored in place of a token: its sha256. A stolen table yields no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
