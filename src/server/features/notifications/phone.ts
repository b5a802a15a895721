import { randomInt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { NotificationPhone } from '../../../shared/contracts/notification-preferences';
import {
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_SECONDS,
  OTP_TTL_MINUTES,
} from '../../../shared/contracts/verification';
import type { SmsSender } from '../../adapters/sms';
import { counters } from '../../core/rate-limits/service';
import { hashToken } from '../../core/tokens';
import { verifiedPhoneOf } from '../../core/verified-phone';
import type { Db, Tx } from '../../db/client';
import { notificationPhones } from '../../db/schema';
import { badRequest, conflict, tooManyRequests, upstreamFailed } from '../../errors';

/** Codes texted per user, and per number (so no one can flood a stranger's phone from many accounts). */
export const PHONE_CODES_PER_HOUR = 5;
const HOUR_MS = 60 * 60_000;

// Salted with the user and the number: a code proves this number for this user only.
const codeHash = (userId: number, phone: string, code: string) =>
  hashToken(`notification-phone:${userId}:${phone}:${code}`);

/**
 * The number SMS and WhatsApp notices go to (ADR 0036): the one the user set in /settings once verified; a
 * number set there but not yet verified stops texts. Without one, the number proved in caregiver
 * verification.
 */
export async function verifiedPhone(tx: Tx, userId: number): Promise<string | undefined> {
  const [row] = await tx.select().from(notificationPhones).where(eq(notificationPhones.userId, userId));
  if (row) return row.verifiedAt ? row.phone : undefined;
  return verifiedPhoneOf(tx, userId);
}

/** What the user sees of their notification phone (never the code). */
export async function phoneState(tx: Tx, userId: number): Promise<NotificationPhone> {
  const [row] = await tx.select().from(notificationPhones).where(eq(notificationPhones.userId, userId));
  if (row) {
    return {
      number: row.phone,
      verified: Boolean(row.verifiedAt),
      codeSentAt: row.codeHash ? (row.codeSentAt?.toISOString() ?? null) : null,
    };
  }
  const proved = await verifiedPhoneOf(tx, userId);
  return { number: proved ?? null, verified: Boolean(proved), codeSentAt: null };
}

/** Privacy: the notification phone and whether it is verified, for the data export. */
export async function phoneExport(tx: Tx, userId: number) {
  const [row] = await tx.select().from(notificationPhones).where(eq(notificationPhones.userId, userId));
  return row ? { number: row.phone, verifiedAt: row.verifiedAt?.toISOString() ?? null } : null;
}

/** Privacy: the numbers held for these users (their SMS outbox goes too), then the rows. */
export async function deletePhones(tx: Tx, userIds: number[]): Promise<string[]> {
  const rows = await tx
    .delete(notificationPhones)
    .where(inArray(notificationPhones.userId, userIds))
    .returning({ phone: notificationPhones.phone });
  return rows.map((r) => r.phone);
}

/** Any user proves a phone for notices: a 6-digit code by SMS (hashed at rest, 10 minutes, 5 tries). */
export function createNotificationPhoneService(deps: { db: Db; sms: SmsSender; now: () => Date }) {
  const { db, sms, now } = deps;
  return {
    state: (userId: number) => phoneState(db, userId),

    /** Sets the number (a new one is unverified) and texts it a code; the code is never in the response. */
    async sendCode(userId: number, phone: string) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await db.transaction(async (tx) => {
        const at = now();
        const [row] = await tx
          .select()
          .from(notificationPhones)
          .where(eq(notificationPhones.userId, userId))
          .for('update');
        const current = row ? (row.verifiedAt ? row.phone : undefined) : await verifiedPhoneOf(tx, userId);
        if (current === phone) throw conflict('This phone number is already verified.');
        if (row?.codeSentAt && row.phone === phone) {
          const wait = Math.ceil(
            (row.codeSentAt.getTime() + OTP_RESEND_SECONDS * 1000 - at.getTime()) / 1000,
          );
          if (wait > 0)
            throw tooManyRequests(`Please wait ${wait} seconds before asking for a new code.`, wait);
        }
        const [perUser, perNumber] = await counters.count(
          tx,
          [
            { key: `phone-code:${userId}`, max: PHONE_CODES_PER_HOUR, windowMs: HOUR_MS },
            { key: `phone-code-number:${phone}`, max: PHONE_CODES_PER_HOUR, windowMs: HOUR_MS },
          ],
          at,
        );
        const over = [perUser, perNumber].find((c) => c.exceeded);
        if (over) {
          throw tooManyRequests('Too many codes sent. Try again later.', over.retryAfterSeconds);
        }
        const set = {
          phone,
          // Changing the number un-verifies it; asking again for the same unverified number keeps it so.
          verifiedAt: null,
          codeHash: codeHash(userId, phone, code),
          codeExpiresAt: new Date(at.getTime() + OTP_TTL_MINUTES * 60_000),
          codeAttempts: 0,
          codeSentAt: at,
          updatedAt: at,
        };
        await tx
          .insert(notificationPhones)
          .values({ userId, ...set })
          .onConflictDoUpdate({ target: notificationPhones.userId, set });
      });
      try {
        await sms.send({
          to: phone,
          body: `${code} is your YaadCare code to get notices by text. It expires in ${OTP_TTL_MINUTES} minutes.`,
        });
      } catch {
        throw upstreamFailed('Failed to send the code by SMS. Please try again.');
      }
      // The code goes to the phone only (in demo mode: the SMS outbox and the server log).
      return { message: `We sent a 6-digit code to ${phone}.`, phone: await phoneState(db, userId) };
    },

    /** Checks the code; wrong tries are counted (and committed) before the error is raised. */
    async verifyCode(userId: number, code: string): Promise<NotificationPhone> {
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(notificationPhones)
          .where(eq(notificationPhones.userId, userId))
          .for('update');
        if (!row?.codeHash || !row.codeExpiresAt || row.codeExpiresAt <= now()) return 'invalid' as const;
        if (row.codeAttempts >= OTP_MAX_ATTEMPTS) return 'locked' as const;
        if (row.codeHash !== codeHash(userId, row.phone, code)) {
          const attempts = row.codeAttempts + 1;
          await tx
            .update(notificationPhones)
            .set({ codeAttempts: attempts })
            .where(eq(notificationPhones.userId, userId));
          return attempts >= OTP_MAX_ATTEMPTS ? ('locked' as const) : ('invalid' as const);
        }
        await tx
          .update(notificationPhones)
          .set({ verifiedAt: now(), codeHash: null, codeExpiresAt: null, codeAttempts: 0, updatedAt: now() })
          .where(eq(notificationPhones.userId, userId));
        return 'verified' as const;
      });
      if (outcome === 'invalid') {
        throw badRequest('That code is wrong or has expired.', 'TOKEN_INVALID_OR_EXPIRED');
      }
      if (outcome === 'locked') {
        throw tooManyRequests(
          'Too many wrong codes. Request a new code.',
          undefined,
          'CODE_ATTEMPTS_EXCEEDED',
        );
      }
      return phoneState(db, userId);
    },
  };
}
