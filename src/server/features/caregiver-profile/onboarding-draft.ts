import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { findParish, findTown } from '../../../shared/catalog';
import type {
  OnboardingDraft,
  OnboardingDraftValues,
  SaveOnboardingDraftRequest,
} from '../../../shared/contracts/onboarding-draft';
import type { Db, Tx } from '../../db/client';
import { caregiverOnboardingDrafts, users } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { caregiverProfileRepo } from './repo';

type SaveInput = z.output<typeof SaveOnboardingDraftRequest>;

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

/** The parish and town given at signup, as the catalog spells them (nothing when unknown). */
function knownPlace(place: { location: string | null; parish: string | null } | undefined) {
  const town = place?.location ? findTown(place.location) : undefined;
  if (town) return { parish: town.parish, town: town.name };
  const parish = place?.parish ? findParish(place.parish) : undefined;
  return parish ? { parish } : {};
}

/** The signed-in caregiver's unfinished onboarding wizard: only ever their own (the id is the session's). */
export function createOnboardingDraftService(deps: { db: Db }) {
  const { db } = deps;

  async function read(tx: Tx, userId: number): Promise<OnboardingDraft> {
    const [draft, place] = await Promise.all([
      onboardingDraftRepo.find(tx, userId),
      onboardingDraftRepo.signupPlace(tx, userId),
    ]);
    if (!place) throw notFound('No such user.');
    const values: OnboardingDraftValues = { ...(draft?.values ?? {}) };
    // What signup told us fills what the draft has not chosen yet.
    if (!values.parish && !values.town) Object.assign(values, knownPlace(place));
    return {
      step: draft?.step ?? 0,
      values,
      savedAt: draft?.updatedAt.toISOString() ?? null,
    };
  }

  return {
    get: (userId: number) => read(db, userId),

    async save(userId: number, input: SaveInput): Promise<OnboardingDraft> {
      return db.transaction(async (tx) => {
        if (await caregiverProfileRepo.exists(tx, userId)) {
          throw conflict('You already have a caregiver profile. Edit it from your profile page.');
        }
        await onboardingDraftRepo.upsert(tx, userId, input.step, input.values);
        return read(tx, userId);
      });
    },

    async discard(userId: number): Promise<void> {
      await onboardingDraftRepo.remove(db, userId);
    },
  };
}
