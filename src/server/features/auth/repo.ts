import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const userRepo = {
  async findByEmail(tx: Tx, email: string): Promise<UserRow | undefined> {
    const [row] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    return row;
  },

  async findById(tx: Tx, id: number): Promise<UserRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  },

  async insert(tx: Tx, values: NewUser): Promise<UserRow> {
    const [row] = await tx.insert(users).values(values).returning();
    return row;
  },

  async setResetToken(tx: Tx, id: number, tokenHash: string, expiry: Date): Promise<void> {
    await tx
      .update(users)
      .set({ resetToken: tokenHash, resetTokenExpiry: expiry, updatedAt: new Date() })
      .where(eq(users.id, id));
  },

  /** Claims a live reset token: clears it in the same statement, so it can be used once only. */
  async consumeResetToken(tx: Tx, tokenHash: string): Promise<UserRow | undefined> {
    const [row] = await tx
      .update(users)
      .set({ resetToken: null, resetTokenExpiry: null, updatedAt: new Date() })
      .where(and(eq(users.resetToken, tokenHash), gt(users.resetTokenExpiry, sql`now()`)))
      .returning();
    return row;
  },

  async setPassword(tx: Tx, id: number, passwordHash: string): Promise<void> {
    await tx.update(users).set({ password: passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
  },
};
