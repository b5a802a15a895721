import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';

type UserPatch = Partial<
  Pick<
    typeof users.$inferInsert,
    'firstName' | 'lastName' | 'phone' | 'location' | 'parish' | 'profileImageUrl' | 'timeZone' | 'currency'
  >
>;

/** The account fields a user edits themselves: name, phone, town, photo, time zone and currency. */
export const accountRepo = {
  async updateUser(tx: Tx, userId: number, set: UserPatch) {
    const [row] = await tx
      .update(users)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    return row;
  },

  async findUser(tx: Tx, userId: number) {
    const [row] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    return row;
  },
};
