// my-profile: what a signed-in user edits of their own (caregiver profile, onboarding, account, photo).
import type { z } from 'zod';
import { inferKinds } from '../../../shared/catalog';
import type {
  CreateCaregiverRequest,
  MyCaregiverProfile,
  UpdateCaregiverRequest,
} from '../../../shared/contracts/caregiver-profile';
import type { Db } from '../../db/client';
import { DEFAULT_WEEKLY_AVAILABILITY } from '../../db/schema';
import { conflict, isUniqueViolation, notFound } from '../../errors';
import { accountRepo } from './account-repo';
import { caregiverProfileRepo, type ProfileRow } from './caregiver-profile-repo';
import { onboardingDraftRepo } from './onboarding-draft-repo';
import { placeOf } from './place';

type CreateInput = z.output<typeof CreateCaregiverRequest>;
type UpdateInput = z.output<typeof UpdateCaregiverRequest>;

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

/** A caregiver's own profile: created by onboarding, then read and edited only by them. */
export function createCaregiverProfileService(deps: { db: Db }) {
  const { db } = deps;

  async function getMine(userId: number): Promise<MyCaregiverProfile> {
    const row = await caregiverProfileRepo.findByUserId(db, userId);
    if (!row) throw notFound('You have no caregiver profile yet. Complete onboarding first.');
    return toMyProfile(row);
  }

  return {
    getMine,

    /** As `getMine`, but null before onboarding (GET /api/caregivers/me?ifExists=true). */
    async findMine(userId: number): Promise<MyCaregiverProfile | null> {
      const row = await caregiverProfileRepo.findByUserId(db, userId);
      return row ? toMyProfile(row) : null;
    },

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
          if (place.location) await accountRepo.updateUser(tx, userId, place);
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
        if (place.location) await accountRepo.updateUser(tx, userId, place);
      });
      return getMine(userId);
    },
  };
}
