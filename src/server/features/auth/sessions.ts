import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { hashToken, newToken } from '../../core/tokens';
import type { Db, Tx } from '../../db/client';
import { sessions as sessionsTable, users } from '../../db/schema';
import type { SessionUser } from '../../plugins/auth';

export const SESSION_IDLE_DAYS = 30;
const IDLE_MS = SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export type { SessionUser } from '../../plugins/auth';

const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  userType: users.userType,
  phone: users.phone,
  location: users.location,
  parish: users.parish,
  profileImageUrl: users.profileImageUrl,
  isVerified: users.isVerified,
  verificationStatus: users.verificationStatus,
  suspendedAt: users.suspendedAt,
  timeZone: users.timeZone,
  currency: users.currency,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export const sessions = {
  /** Creates a session and returns its token; only the token's hash is stored. */
  async create(tx: Tx, userId: number, meta: { userAgent?: string; ip?: string }): Promise<string> {
    const token = newToken();
    await tx.insert(sessionsTable).values({
      userId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + IDLE_MS),
      userAgent: meta.userAgent?.slice(0, 300),
      ip: meta.ip,
    });
    return token;
  },

  /** The live session for a token and its user, or undefined (unknown, revoked, idle too long, suspended). */
  async findActive(db: Db, token: string): Promise<{ sessionId: number; user: SessionUser } | undefined> {
    const [row] = await db
      .select({ sessionId: sessionsTable.id, lastUsedAt: sessionsTable.lastUsedAt, user: sessionUserColumns })
      .from(sessionsTable)
      .innerJoin(users, eq(users.id, sessionsTable.userId))
      .where(
        and(
          eq(sessionsTable.tokenHash, hashToken(token)),
          isNull(sessionsTable.revokedAt),
          gt(sessionsTable.expiresAt, sql`now()`),
          isNull(users.suspendedAt),
        ),
      )
      .limit(1);
    if (!row) return undefined;
    if (Date.now() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
      await db
        .update(sessionsTable)
        .set({ lastUsedAt: new Date(), expiresAt: new Date(Date.now() + IDLE_MS) })
        .where(eq(sessionsTable.id, row.sessionId));
    }
    return { sessionId: row.sessionId, user: row.user };
  },

  async revoke(tx: Tx, sessionId: number): Promise<void> {
    await tx
      .update(sessionsTable)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessionsTable.id, sessionId), isNull(sessionsTable.revokedAt)));
  },

  /** Revokes every session of a user, except one (the caller's own, on a password change). */
  async revokeAllForUser(tx: Tx, userId: number, exceptSessionId?: number): Promise<void> {
    await tx
      .update(sessionsTable)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessionsTable.userId, userId),
          isNull(sessionsTable.revokedAt),
          exceptSessionId ? ne(sessionsTable.id, exceptSessionId) : undefined,
        ),
      );
  },
};
