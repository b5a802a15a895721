import type { CaregiverPlan } from './caregivers';
import type { DemoContext } from './context';
import { DAY } from './dates';
import type { Family } from './families';
import { DEMO_CAREGIVER_EMAIL } from './logins';
import type { UserRow } from './rows';
import { approvedVerification } from './verification-rows';

const DEMO_NANNY_BIO =
  "I'm Shanique, a nanny in Kingston with 8 years of experience caring for babies, toddlers and school-age " +
  'children. I trained in early childhood education through HEART/NSTA Trust and hold current First Aid and ' +
  "CPR certificates. Parents get a short update with photos during the day, and I'm happy to help with " +
  'homework and school runs. I also babysit evenings and weekends around Kingston and St. Andrew.';

/**
 * Shanique Williams, the demo caregiver login: a verified Kingston nanny whose bookings are forced into
 * every status, most of them with the demo family.
 */
export function demoNannyPlan(ctx: DemoContext, families: readonly Family[]): CaregiverPlan {
  const { now, daysAgo, usedNames, nextAvatar } = ctx;
  const demoFamily = families[0];
  usedNames.add('Shanique Williams');
  const createdAt = daysAgo(420, 10);
  const verifiedAt = new Date(createdAt.getTime() + 6 * DAY);
  const user: UserRow = {
    email: DEMO_CAREGIVER_EMAIL,
    firstName: 'Shanique',
    lastName: 'Williams',
    userType: 'caregiver',
    phone: '+18763125580',
    location: 'Kingston',
    parish: 'Kingston',
    profileImageUrl: nextAvatar('Shanique', 'Williams'),
    isVerified: true,
    verificationStatus: 'approved',
    createdAt,
    updatedAt: verifiedAt,
  };
  const others = families
    .filter((f) => f !== demoFamily && f.region === 'corporate')
    .map((f) => f.user.email);
  return {
    user,
    parish: 'Kingston',
    town: 'Kingston',
    accountAgeDays: 420,
    verification: approvedVerification(user.email, createdAt, verifiedAt, now),
    forced: {
      completed: [demoFamily.user.email, demoFamily.user.email, demoFamily.user.email, demoFamily.user.email],
      confirmed: [demoFamily.user.email, others[0]],
      pending: [demoFamily.user.email, others[1]],
      cancelled: [demoFamily.user.email],
      declined: [others[2]],
      expired: [others[0]],
    },
    row: {
      email: user.email,
      gender: 'f',
      bio: DEMO_NANNY_BIO,
      experience: 8,
      hourlyRate: 1000,
      certifications: [
        'CPR Certified',
        'First Aid Certified',
        'Early Childhood Education',
        'Child Development Associate (CDA)',
        'Background Check Completed',
        'Reference Verified',
      ],
      skills: [
        'Infant Care',
        'Toddler Care',
        'School Age Care',
        'Early Childhood Education',
        'First Aid Certified',
        'CPR Certified',
        'Homework Help',
        'Arts & Crafts',
      ],
      availability: ['Available Now', 'Weekdays', 'Mornings', 'Afternoons', 'Evenings', 'Saturday Morning'],
      kinds: ['child-care', 'babysitters'],
      averageRating: '0',
      totalReviews: 0,
      isActive: true,
      isAvailable: true,
      createdAt,
      updatedAt: verifiedAt,
    },
  };
}
