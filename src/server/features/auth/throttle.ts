import { normalizeIP } from '@fastify/rate-limit';
import { counters } from '../../core/rate-limits/service';
import type { Tx } from '../../db/client';
import { tooManyRequests } from '../../errors';

/**
 * Login throttling (issue 14 §5, ADR 0010). Two shared counters per attempt, counted BEFORE the password
 * is verified, in one statement:
 * - per (e-mail, client address): MAX_FAILED_LOGINS in LOCK_MS, then that pair waits. Keyed by the
 *   normalized e-mail, not the account, so unknown addresses are limited exactly like known ones; keyed
 *   by the client address too, so a stranger's wrong guesses never lock the owner out from elsewhere.
 * - per client address across e-mails: MAX_FAILED_LOGINS_PER_ADDRESS in LOCK_MS (password spraying).
 * A successful login clears its pair and gives its attempt back to the address; an attempt refused by
 * one counter gives its attempt back to the other.
 */
export const MAX_FAILED_LOGINS = 10;
export const MAX_FAILED_LOGINS_PER_ADDRESS = 50;
export const LOCK_MS = 15 * 60 * 1000;
export const ACCOUNT_LOCKED =
  'Too many failed login attempts for this account. Try again in 15 minutes or reset your password.';
export const ADDRESS_LOCKED = 'Too many failed login attempts from your network. Try again in 15 minutes.';

const normalEmail = (email: string) => email.trim().toLowerCase();
/** IPv6 clients are counted per /64, as @fastify/rate-limit does (one host usually holds a whole /64). */
const normalAddress = (ip: string | undefined) => (ip ? normalizeIP(ip, 64) : 'unknown');
const pairPrefix = (email: string) => `login:${normalEmail(email)}\n`;
const pairKey = (email: string, ip: string | undefined) => pairPrefix(email) + normalAddress(ip);
const addressKey = (ip: string | undefined) => `login-address:${normalAddress(ip)}`;

export const loginThrottle = {
  /** Counts a login attempt; throws 429 with Retry-After when the pair or the address is over its limit. */
  async attempt(tx: Tx, email: string, ip: string | undefined, now: Date): Promise<void> {
    const [pair, address] = await counters.count(
      tx,
      [
        { key: pairKey(email, ip), max: MAX_FAILED_LOGINS, windowMs: LOCK_MS },
        { key: addressKey(ip), max: MAX_FAILED_LOGINS_PER_ADDRESS, windowMs: LOCK_MS },
      ],
      now,
    );
    if (pair.exceeded) {
      await counters.refund(tx, address.key, now);
      throw tooManyRequests(ACCOUNT_LOCKED, pair.retryAfterSeconds, 'LOGIN_THROTTLED');
    }
    if (address.exceeded) {
      await counters.refund(tx, pair.key, now);
      throw tooManyRequests(ADDRESS_LOCKED, address.retryAfterSeconds, 'LOGIN_THROTTLED');
    }
  },

  /** The password was right: the pair starts again and the address gets this attempt back. */
  async succeeded(tx: Tx, email: string, ip: string | undefined, now: Date): Promise<void> {
    await counters.clear(tx, pairKey(email, ip));
    await counters.refund(tx, addressKey(ip), now);
  },

  /** A new password (reset or change): every address may try this e-mail again. */
  async forgetEmail(tx: Tx, email: string): Promise<void> {
    await counters.clear(tx, pairPrefix(email), { prefix: true });
  },
};
