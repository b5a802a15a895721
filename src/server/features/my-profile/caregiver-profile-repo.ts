import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { caregivers, users } from '../../db/schema';

export type CaregiverRow = typeof caregivers.$inferSelect;
export type CaregiverInsert = typeof caregivers.$inferInsert;

const profileColumns = {
  caregiver: caregivers,
  user: {
    firstName: users.firstName,
    lastName: users.lastName,
    location: users.location,
    parish: users.parish,
    profileImageUrl: users.profileImageUrl,
    isVerified: users.isVerified,
    verificationStatus: users.verificationStatus,
  },
};

/** The caregiver's own profile row, read with the account fields it shows. */
export const caregiverProfileRepo = {
  async findByUserId(tx: Tx, userId: number) {
    const [row] = await tx
      .select(profileColumns)
      .from(caregivers)
      .innerJoin(users, eq(users.id, caregivers.userId))
      .where(eq(caregivers.userId, userId))
      .limit(1);
    return row;
  },

  async exists(tx: Tx, userId: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: caregivers.id })
      .from(caregivers)
      .where(eq(caregivers.userId, userId))
      .limit(1);
    return Boolean(row);
  },

  async insert(tx: Tx, values: CaregiverInsert): Promise<void> {
    await tx.insert(caregivers).values(values);
  },

  async update(tx: Tx, userId: number, set: Partial<CaregiverInsert>): Promise<void> {
    await tx
      .update(caregivers)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(caregivers.userId, userId));
  },
};

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof caregiverProfileRepo.findByUserId>>>;
