// my-profile: what a signed-in user edits of their own (caregiver profile, onboarding, account, photo).
import type { z } from 'zod';
import { findParish, findTown } from '../../../shared/catalog';
import type {
  OnboardingDraft,
  OnboardingDraftValues,
  SaveOnboardingDraftRequest,
} from '../../../shared/contracts/onboarding-draft';
import type { Db, Tx } from '../../db/client';
import { conflict, notFound } from '../../errors';
import { caregiverProfileRepo } from './caregiver-profile-repo';
import { onboardingDraftRepo } from './onboarding-draft-repo';

type SaveInput = z.output<typeof SaveOnboardingDraftRequest>;

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
