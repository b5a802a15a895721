import type { z } from 'zod';
import { findTown, inferKinds } from '../../../shared/catalog';
import type {
  CreateCaregiverRequest,
  MyCaregiverProfile,
  UpdateCaregiverRequest,
  UpdateMeRequest,
} from '../../../shared/contracts/caregiver-profile';
import type { FileStorage } from '../../adapters/storage';
import type { Db } from '../../db/client';
import { DEFAULT_WEEKLY_AVAILABILITY } from '../../db/schema';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../errors';
import { onboardingDraftRepo } from './onboarding-draft';
import { deleteProfilePhoto, photoUrl, storeProfilePhoto } from './photos';
import { caregiverProfileRepo, type ProfileRow } from './repo';

type CreateInput = z.output<typeof CreateCaregiverRequest>;
type UpdateInput = z.output<typeof UpdateCaregiverRequest>;
type UpdateMeInput = z.output<typeof UpdateMeRequest>;

const money = (n: number) => n.toFixed(2);

export function toMyProfile({ caregiver: c, user: u }: ProfileRow): MyCaregiverProfile {
  return {
    id: c.id,
    userId: c.userId,
    firstName: u.firstName,
    lastName: u.lastName,
    bio: c.bio,
    experience: c.experience,
    hourlyRate: c.hourlyRate,
    skills: c.skills,
    certifications: c.certifications,
    availability: c.availability,
    kinds: c.kinds,
    kindsConfirmed: c.kindsConfirmedAt !== null,
    weeklyAvailability: { ...DEFAULT_WEEKLY_AVAILABILITY, ...c.weeklyAvailability },
    isAvailable: c.isAvailable,
    isActive: c.isActive,
    averageRating: c.averageRating,
    totalReviews: c.totalReviews,
    location: u.location,
    parish: u.parish,
    profileImageUrl: u.profileImageUrl,
    isVerified: u.isVerified,
    verificationStatus: u.verificationStatus,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** The town (and its parish) to write on the account, when one was sent. */
function placeOf(location: string | undefined) {
  if (!location) return {};
  const town = findTown(location);
  if (!town) throw badRequest('Choose a town from the list', [{ path: 'location', message: 'Unknown town' }]);
  return { location: town.name, parish: town.parish };
}

export function createCaregiverProfileService(deps: { db: Db; storage: FileStorage }) {
  const { db, storage } = deps;

  async function getMine(userId: number): Promise<MyCaregiverProfile> {
    const row = await caregiverProfileRepo.findByUserId(db, userId);
    if (!row) throw notFound('You have no caregiver profile yet. Complete onboarding first.');
    return toMyProfile(row);
  }

  return {
    getMine,

    async create(userId: number, input: CreateInput): Promise<MyCaregiverProfile> {
      const place = placeOf(input.location);
      if (await caregiverProfileRepo.exists(db, userId)) {
        throw conflict('You already have a caregiver profile. Edit it from your profile page.');
      }
      try {
        await db.transaction(async (tx) => {
          await caregiverProfileRepo.insert(tx, {
            userId,
            bio: input.bio,
            experience: input.experience,
            hourlyRate: money(input.hourlyRate),
            skills: input.skills,
            certifications: input.certifications,
            availability: input.availability,
            // Without kinds (the spec's payload), a guess from the qualifications, to be confirmed.
            kinds: input.kinds ?? inferKinds([...input.skills, ...input.certifications]),
            kindsConfirmedAt: input.kinds ? new Date() : null,
            weeklyAvailability: input.weeklyAvailability ?? DEFAULT_WEEKLY_AVAILABILITY,
          });
          if (place.location) await caregiverProfileRepo.updateUser(tx, userId, place);
          // The wizard's unfinished draft has served its purpose.
          await onboardingDraftRepo.remove(tx, userId);
        });
      } catch (err) {
        // Two submits racing: the unique index on user_id decides.
        if (isUniqueViolation(err)) throw conflict('You already have a caregiver profile.');
        throw err;
      }
      return getMine(userId);
    },

    async update(userId: number, input: UpdateInput): Promise<MyCaregiverProfile> {
      const { location, parish: _parish, hourlyRate, ...rest } = input;
      const place = placeOf(location);
      await db.transaction(async (tx) => {
        if (!(await caregiverProfileRepo.exists(tx, userId))) {
          throw notFound('You have no caregiver profile yet. Complete onboarding first.');
        }
        await caregiverProfileRepo.update(tx, userId, {
          ...rest,
          ...(rest.kinds ? { kindsConfirmedAt: new Date() } : {}),
          ...(hourlyRate !== undefined ? { hourlyRate: money(hourlyRate) } : {}),
        });
        if (place.location) await caregiverProfileRepo.updateUser(tx, userId, place);
      });
      return getMine(userId);
    },

    async updateMe(userId: number, input: UpdateMeInput) {
      const { location, ...rest } = input;
      const user = await db.transaction((tx) =>
        caregiverProfileRepo.updateUser(tx, userId, { ...rest, ...placeOf(location) }),
      );
      if (!user) throw notFound('Account not found');
      return user;
    },

    async setPhoto(userId: number, buffer: Buffer, sniffedType: string | undefined) {
      const before = await caregiverProfileRepo.findUser(db, userId);
      const { large, small, ms } = await storeProfilePhoto(storage, userId, buffer, sniffedType);
      await db.transaction((tx) =>
        caregiverProfileRepo.updateUser(tx, userId, { profileImageUrl: photoUrl(large) }),
      );
      await deleteProfilePhoto(storage, before?.profileImageUrl ?? null);
      return { profileImageUrl: photoUrl(large), thumbnailUrl: photoUrl(small), ms };
    },
  };
}
