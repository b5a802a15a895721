import { eq } from 'drizzle-orm';
import type { OnboardingDraftValues } from '../../../shared/contracts/onboarding-draft';
import type { Tx } from '../../db/client';
import { caregiverOnboardingDrafts, users } from '../../db/schema';

/** The onboarding wizard's saved step and values, one row per caregiver. */
export const onboardingDraftRepo = {
  async find(tx: Tx, userId: number) {
    const [row] = await tx
      .select()
      .from(caregiverOnboardingDrafts)
      .where(eq(caregiverOnboardingDrafts.userId, userId))
      .limit(1);
    return row;
  },

  async upsert(tx: Tx, userId: number, step: number, values: OnboardingDraftValues) {
    const at = new Date();
    const [row] = await tx
      .insert(caregiverOnboardingDrafts)
      .values({ userId, step, values, updatedAt: at })
      .onConflictDoUpdate({ target: caregiverOnboardingDrafts.userId, set: { step, values, updatedAt: at } })
      .returning();
    return row;
  },

  async remove(tx: Tx, userId: number) {
    await tx.delete(caregiverOnboardingDrafts).where(eq(caregiverOnboardingDrafts.userId, userId));
  },

  async signupPlace(tx: Tx, userId: number) {
    const [row] = await tx
      .select({ location: users.location, parish: users.parish })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row;
  },
};
