import { CAREGIVER_KIND_VALUES, type CaregiverKind, PARISHES, type Parish } from '../../shared/catalog';
import { emailLocal, phoneNumber } from './contact-details';
import { KIND_PROFILES } from './content';
import type { DemoContext } from './context';
import { DAY, minDate } from './dates';
import { DEMO_EMAIL_DOMAIN } from './logins';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES } from './names';
import { pickTown } from './places';
import {
  composeBio,
  pickAvailability,
  pickCertifications,
  pickKinds,
  pickRate,
  pickSkills,
} from './profile-picks';
import type { BookingStatus, CaregiverRow, UserRow, VerificationRow } from './rows';
import { approvedVerification, inProgressVerification } from './verification-rows';

/** A caregiver before their history: their account, profile and verification. */
export interface CaregiverPlan {
  row: CaregiverRow;
  user: UserRow;
  parish: Parish;
  town: string;
  verification: VerificationRow | null;
  accountAgeDays: number;
  /** The family emails of the demo caregiver's forced bookings, by status. */
  forced?: Partial<Record<BookingStatus, string[]>>;
}

/** How many of the generated caregivers (beyond the demo nanny) live in each parish. */
const PARISH_COUNTS: Record<Parish, number> = {
  Kingston: 7,
  'St. Andrew': 10,
  'St. Catherine': 9,
  'St. James': 7,
  Manchester: 5,
  Clarendon: 5,
  'St. Ann': 5,
  Westmoreland: 4,
  'St. Elizabeth': 4,
  'St. Thomas': 3,
  Portland: 3,
  'St. Mary': 3,
  Trelawny: 3,
  Hanover: 3,
};

/** How many generated caregivers have each main kind (the demo nanny is one more child-care). */
const KIND_COUNTS: Record<CaregiverKind, number> = {
  'child-care': 13,
  babysitters: 10,
  tutors: 8,
  'senior-care': 11,
  'special-needs': 7,
  housekeepers: 9,
  janitors: 6,
  maintenance: 7,
};

/**
 * The generated caregivers: spread over the parishes and kinds by the counts above, some switched off,
 * unavailable or 'Available Now', about half verified and some part-way through verification.
 */
export function generatedCaregiverPlans(ctx: DemoContext): CaregiverPlan[] {
  const { rng, now, daysAgo, usedNames, nextAvatar } = ctx;
  const plans: CaregiverPlan[] = [];
  const parishPlan = rng.shuffle(
    PARISHES.flatMap((p) => Array.from({ length: PARISH_COUNTS[p] }, () => p as Parish)),
  );
  const kindPlan = rng.shuffle(
    CAREGIVER_KIND_VALUES.flatMap((k) => Array.from({ length: KIND_COUNTS[k] }, () => k)),
  );
  const generated = parishPlan.length;
  // Which generated caregivers are switched off, unavailable, or show 'Available Now'.
  const order = rng.shuffle(Array.from({ length: generated }, (_, i) => i));
  const inactive = new Set(order.slice(0, 2));
  const unavailable = new Set(order.slice(2, 6));
  const availableNow = new Set(order.slice(6, 13));
  const approved = new Set(rng.shuffle(order.slice(2)).slice(0, 35));
  const inProgress = new Set(order.filter((i) => !approved.has(i)).slice(0, 14));

  for (let i = 0; i < generated; i++) {
    const parish = parishPlan[i];
    const mainKind = kindPlan[i];
    const profile = KIND_PROFILES[mainKind];
    const gender: 'f' | 'm' = rng.chance(profile.femaleShare) ? 'f' : 'm';
    let first: string;
    let last: string;
    do {
      first = rng.pick(gender === 'f' ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
      last = rng.pick(LAST_NAMES);
    } while (usedNames.has(`${first} ${last}`));
    usedNames.add(`${first} ${last}`);
    const town = pickTown(rng, parish);
    const kinds = pickKinds(rng, mainKind);
    const experience = rng.int(profile.experience[0], profile.experience[1]);
    const isApproved = approved.has(i);
    const certifications = pickCertifications(rng, mainKind, experience, isApproved);
    const accountAgeDays = rng.int(60, 600);
    const createdAt = daysAgo(accountAgeDays);
    const email = `${emailLocal(first, last)}@${DEMO_EMAIL_DOMAIN}`;
    let verification: VerificationRow | null = null;
    let updatedAt = createdAt;
    if (isApproved) {
      const verifiedAt = minDate(
        new Date(createdAt.getTime() + rng.int(2, 20) * DAY),
        new Date(now.getTime() - 2 * DAY),
      );
      verification = approvedVerification(email, createdAt, verifiedAt, now);
      updatedAt = verifiedAt;
    } else if (inProgress.has(i)) {
      verification = inProgressVerification(rng, email, createdAt, now);
      updatedAt = verification.updatedAt;
    }
    const user: UserRow = {
      email,
      firstName: first,
      lastName: last,
      userType: 'caregiver',
      phone: phoneNumber(rng),
      location: town,
      parish,
      profileImageUrl: nextAvatar(first, last),
      isVerified: isApproved,
      verificationStatus: isApproved ? 'approved' : 'pending',
      createdAt,
      updatedAt,
    };
    plans.push({
      user,
      parish,
      town,
      accountAgeDays,
      verification,
      row: {
        email,
        gender,
        bio: composeBio(rng, { kinds, town, parish, experience, certifications }),
        experience,
        hourlyRate: pickRate(rng, mainKind, experience),
        certifications,
        skills: pickSkills(rng, kinds, certifications),
        availability: pickAvailability(rng, mainKind, availableNow.has(i)),
        kinds,
        averageRating: '0',
        totalReviews: 0,
        isActive: !inactive.has(i),
        isAvailable: !unavailable.has(i),
        createdAt,
        updatedAt,
      },
    });
  }
  return plans;
}
