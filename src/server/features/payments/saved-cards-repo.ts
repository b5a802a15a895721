import { and, asc, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { savedPaymentMethods, users } from '../../db/schema';

export type SavedCardRow = typeof savedPaymentMethods.$inferSelect;
type NewSavedCard = typeof savedPaymentMethods.$inferInsert;

/** Saved cards (ADR 0032); every function takes the caller's transaction. */
export const savedCardRepo = {
  /** Serialises one user's card changes (the cap and the first card's default). */
  async lockUser(tx: Tx, userId: number): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update').limit(1);
  },

  async list(tx: Tx, userId: number): Promise<SavedCardRow[]> {
    return tx
      .select()
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.userId, userId))
      .orderBy(desc(savedPaymentMethods.isDefault), asc(savedPaymentMethods.id));
  },

  /** The user's card `id`, locked (undefined when it is not theirs: the caller answers 404). */
  async lockOwn(tx: Tx, userId: number, id: number): Promise<SavedCardRow | undefined> {
    const [row] = await tx
      .select()
      .from(savedPaymentMethods)
      .where(and(eq(savedPaymentMethods.id, id), eq(savedPaymentMethods.userId, userId)))
      .for('update')
      .limit(1);
    return row;
  },

  async defaultOf(tx: Tx, userId: number): Promise<SavedCardRow | undefined> {
    const [row] = await tx
      .select()
      .from(savedPaymentMethods)
      .where(and(eq(savedPaymentMethods.userId, userId), eq(savedPaymentMethods.isDefault, true)))
      .limit(1);
    return row;
  },

  async insert(tx: Tx, values: NewSavedCard): Promise<SavedCardRow> {
    const [row] = await tx.insert(savedPaymentMethods).values(values).returning();
    return row;
  },

  async remove(tx: Tx, id: number): Promise<void> {
    await tx.delete(savedPaymentMethods).where(eq(savedPaymentMethods.id, id));
  },

  /** Makes `id` the user's one default (the partial unique index allows one: clear first). */
  async setDefault(tx: Tx, userId: number, id: number): Promise<void> {
    await tx
      .update(savedPaymentMethods)
      .set({ isDefault: false })
      .where(and(eq(savedPaymentMethods.userId, userId), eq(savedPaymentMethods.isDefault, true)));
    await tx.update(savedPaymentMethods).set({ isDefault: true }).where(eq(savedPaymentMethods.id, id));
  },
};
