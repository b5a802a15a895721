import {
  CAREGIVER_KIND_VALUES,
  type CaregiverKind,
  PARISHES,
  type Parish,
  TOWNS,
} from '../../../shared/catalog';
import { centsToDecimal, priceBooking, toCents } from '../../../shared/money';
import { jamaicaToday } from '../../../shared/time';
import { avatarUrl } from '../../features/avatars/avatar';
import { BADGE_CATALOG, type BadgeMetrics, badgeProgress, parseBadgeCriteria } from './badges';
import {
  CANCEL_NOTES,
  composeBio,
  fillTemplate,
  fitsTime,
  KIND_PROFILES,
  noteText,
  pickAvailability,
  pickCertifications,
  pickKinds,
  pickRate,
  pickSkills,
  THANK_YOU_THREADS,
} from './content';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES, MOBILE_PREFIXES } from './names';
import { createRng, type Rng } from './random';
import { newReviewsUsed, pickReview } from './reviews';

/**
 * Builds the demo data set as plain rows, before any id exists: people are referred to by email,
 * bookings by their index. Everything is drawn from one seeded PRNG and dated relative to today in
 * Jamaica, so the same day gives the same data and upcoming bookings stay upcoming.
 */

export const DEMO_SEED = 20250716;
export const DEMO_PASSWORD = 'YaadCare2025!';
/** Where the demo accounts other than the three fixed logins live: a subdomain no one receives mail at. */
export const DEMO_EMAIL_DOMAIN = 'demo.yaadcare.jm';
export const DEMO_FAMILY_EMAIL = 'family@yaadcare.jm';
export const DEMO_CAREGIVER_EMAIL = 'caregiver@yaadcare.jm';
export const DEMO_ADMIN_EMAIL = 'admin@yaadcare.jm';

export const DEMO_LOGINS = [
  {
    role: 'family',
    email: DEMO_FAMILY_EMAIL,
    password: DEMO_PASSWORD,
    description:
      'Natalie Robinson, a family in Half Way Tree with past, upcoming and pending bookings and messages',
  },
  {
    role: 'caregiver',
    email: DEMO_CAREGIVER_EMAIL,
    password: DEMO_PASSWORD,
    description:
      'Shanique Williams, a verified Kingston nanny with bookings in every status, reviews, badges and messages',
  },
  {
    role: 'admin',
    email: DEMO_ADMIN_EMAIL,
    password: DEMO_PASSWORD,
    description: 'The YaadCare administrator (verification reviews, support)',
  },
] as const;

type UserType = 'family' | 'caregiver' | 'admin';

export interface UserRow {
  email: string;
  firstName: string;
  lastName: string;
  userType: UserType;
  phone: string | null;
  location: string;
  parish: string;
  profileImageUrl: string;
  isVerified: boolean;
  verificationStatus: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface VerificationRow {
  email: string;
  emailVerified: boolean;
  phoneVerified: boolean;
  addressVerified: boolean;
  idVerified: boolean;
  selfieVerified: boolean;
  backgroundCheckVerified: boolean;
  verificationNotes: string | null;
  /** yyyy-MM-dd: the police record (certificate of character) the background check was approved on. */
  policeRecordIssuedAt: string | null;
  status: 'pending' | 'submitted' | 'approved' | 'rejected';
  submittedAt: Date | null;
  verifiedAt: Date | null;
  /** True when the admin approved it (verifiedBy = the admin). */
  byAdmin: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface CaregiverRow {
  email: string;
  gender: 'f' | 'm';
  bio: string;
  experience: number;
  hourlyRate: number;
  certifications: string[];
  skills: string[];
  availability: string[];
  kinds: CaregiverKind[];
  averageRating: string;
  totalReviews: number;
  isActive: boolean;
  isAvailable: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface StatsRow {
  email: string;
  totalBookings: number;
  completedBookings: number;
  totalHours: number;
  totalEarnings: string;
  responseTime: number;
  profileViews: number;
  favoriteCount: number;
  badgePoints: number;
  streakDays: number;
  longestStreak: number;
  lastActiveDate: string;
  updatedAt: Date;
}

export type BookingStatus = 'pending' | 'confirmed' | 'declined' | 'expired' | 'cancelled' | 'completed';

export interface BookingRow {
  familyEmail: string;
  caregiverEmail: string;
  date: string;
  startTime: string;
  endTime: string;
  duration: number;
  startsAt: Date;
  endsAt: Date;
  hourlyRate: number;
  platformFee: number;
  totalCost: number;
  status: BookingStatus;
  /** Which of the caregiver's kinds the booking is for (not stored; picks the words around it). */
  kind: CaregiverKind;
  notes: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ReviewRow {
  booking: number;
  rating: number;
  comment: string | null;
  createdAt: Date;
}

export interface MessageRow {
  senderEmail: string;
  receiverEmail: string;
  content: string;
  isRead: boolean;
  readAt: Date | null;
  createdAt: Date;
}

export interface CaregiverBadgeRow {
  email: string;
  badgeName: string;
  earnedAt: Date | null;
  progress: number;
  isCompleted: boolean;
}

export interface DemoDataSet {
  users: UserRow[];
  verifications: VerificationRow[];
  caregivers: CaregiverRow[];
  stats: StatsRow[];
  bookings: BookingRow[];
  reviews: ReviewRow[];
  messages: MessageRow[];
  caregiverBadges: CaregiverBadgeRow[];
}

// ---------------------------------------------------------------------------------------------------
// Time in Jamaica (UTC−5 all year).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const pad = (n: number) => String(n).padStart(2, '0');

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function jamaicaInstant(date: string, hour: number, minute = 0): Date {
  return new Date(`${date}T${pad(hour)}:${pad(minute)}:00-05:00`);
}

const dayLabel = (date: string) =>
  new Intl.DateTimeFormat('en-JM', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));

const clockLabel = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? 'AM' : 'PM'}`;

const minDate = (...d: Date[]) => new Date(Math.min(...d.map((x) => x.getTime())));
const maxDate = (...d: Date[]) => new Date(Math.max(...d.map((x) => x.getTime())));

// ---------------------------------------------------------------------------------------------------
// Money: whole JMD here (every rate is a whole number of dollars), priced by the one fee policy.

export function bookingMoney(hourlyRate: number, hours: number) {
  const price = priceBooking(toCents(hourlyRate), hours);
  return {
    subtotal: price.subtotal / 100,
    platformFee: price.platformFee / 100,
    totalCost: price.total / 100,
  };
}

/** 1500 → '1500.00', the decimal columns' shape. */
export const money = (jmd: number) => centsToDecimal(toCents(jmd));

// ---------------------------------------------------------------------------------------------------
// Places.

type Region = 'corporate' | 'east' | 'north' | 'west' | 'south';
const REGION: Record<Parish, Region> = {
  Kingston: 'corporate',
  'St. Andrew': 'corporate',
  'St. Catherine': 'corporate',
  'St. Thomas': 'east',
  Portland: 'east',
  'St. Mary': 'north',
  'St. Ann': 'north',
  Trelawny: 'north',
  'St. James': 'west',
  Hanover: 'west',
  Westmoreland: 'west',
  'St. Elizabeth': 'south',
  Manchester: 'south',
  Clarendon: 'south',
};

export function pickTown(rng: Rng, parish: Parish): string {
  const towns = TOWNS.filter((t) => t.parish === parish);
  return rng.weighted(towns.map((t) => [t.name, t.isCapital || t.inSignupList ? 3 : 1] as const));
}

export function phoneNumber(rng: Rng): string {
  return `+1${rng.pick(MOBILE_PREFIXES)}${pad(rng.int(0, 99))}${pad(rng.int(0, 99))}`;
}

// ---------------------------------------------------------------------------------------------------
// The fixed cast.

interface FamilySpec {
  first: string;
  last: string;
  town: string;
  parish: Parish;
  email?: string;
}

const FAMILIES: FamilySpec[] = [
  {
    first: 'Natalie',
    last: 'Robinson',
    town: 'Half Way Tree',
    parish: 'St. Andrew',
    email: DEMO_FAMILY_EMAIL,
  },
  { first: 'Marcus', last: 'Chin', town: 'New Kingston', parish: 'St. Andrew' },
  { first: 'Sharon', last: 'Gordon', town: 'Kingston', parish: 'Kingston' },
  { first: 'Courtney', last: 'Walker', town: 'Constant Spring', parish: 'St. Andrew' },
  { first: 'Tricia', last: 'Bailey', town: 'Portmore', parish: 'St. Catherine' },
  { first: 'Damian', last: 'Henry', town: 'Spanish Town', parish: 'St. Catherine' },
  { first: 'Lisa-Ann', last: 'Morgan', town: 'Montego Bay', parish: 'St. James' },
  { first: 'Patrick', last: 'Grant', town: 'Montego Bay', parish: 'St. James' },
  { first: 'Kerry', last: 'Thompson', town: 'Mandeville', parish: 'Manchester' },
  { first: 'Jennifer', last: 'Lewis', town: 'May Pen', parish: 'Clarendon' },
  { first: 'Michael', last: 'Francis', town: 'Ocho Rios', parish: 'St. Ann' },
  { first: 'Yvonne', last: 'Clarke', town: 'Port Antonio', parish: 'Portland' },
  { first: 'Andrea', last: 'Spence', town: 'Savanna-la-Mar', parish: 'Westmoreland' },
  { first: 'Ryan', last: 'Edwards', town: 'Negril', parish: 'Westmoreland' },
  { first: 'Beverly', last: 'Stewart', town: 'Morant Bay', parish: 'St. Thomas' },
  { first: 'Gregory', last: 'Hall', town: 'Falmouth', parish: 'Trelawny' },
  { first: 'Sandra', last: 'Powell', town: 'Black River', parish: 'St. Elizabeth' },
  { first: 'Owen', last: 'Reid', town: 'Port Maria', parish: 'St. Mary' },
  { first: 'Claudia', last: 'Lindo', town: 'Lucea', parish: 'Hanover' },
  { first: 'Trevor', last: 'Douglas', town: 'Linstead', parish: 'St. Catherine' },
];

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

const DEMO_NANNY_BIO =
  "I'm Shanique, a nanny in Kingston with 8 years of experience caring for babies, toddlers and school-age " +
  'children. I trained in early childhood education through HEART/NSTA Trust and hold current First Aid and ' +
  "CPR certificates. Parents get a short update with photos during the day, and I'm happy to help with " +
  'homework and school runs. I also babysit evenings and weekends around Kingston and St. Andrew.';

// ---------------------------------------------------------------------------------------------------

interface CaregiverPlan {
  row: CaregiverRow;
  user: UserRow;
  parish: Parish;
  town: string;
  verification: VerificationRow | null;
  accountAgeDays: number;
  /** The family emails of the demo caregiver's forced bookings, by status. */
  forced?: Partial<Record<BookingStatus, string[]>>;
}

const emailLocal = (first: string, last: string) =>
  `${first}.${last}`
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z.]/g, '');

export function buildDemoData(now: Date = new Date()): DemoDataSet {
  const rng = createRng(DEMO_SEED);
  const today = jamaicaToday(now);
  const daysAgo = (days: number, hour = rng.int(7, 20)) =>
    minDate(jamaicaInstant(addDays(today, -days), hour, rng.int(0, 59)), new Date(now.getTime() - HOUR));

  const users: UserRow[] = [];
  const verifications: VerificationRow[] = [];
  const usedNames = new Set<string>();
  let avatarN = 0;
  const nextAvatar = (first: string, last: string) => avatarUrl(first, last, ++avatarN);

  // The admin.
  const adminCreated = daysAgo(720, 9);
  users.push({
    email: DEMO_ADMIN_EMAIL,
    firstName: 'YaadCare',
    lastName: 'Admin',
    userType: 'admin',
    phone: null,
    location: 'New Kingston',
    parish: 'St. Andrew',
    profileImageUrl: nextAvatar('YaadCare', 'Admin'),
    isVerified: true,
    verificationStatus: 'approved',
    createdAt: adminCreated,
    updatedAt: adminCreated,
  });

  // Families.
  const families = FAMILIES.map((f) => {
    usedNames.add(`${f.first} ${f.last}`);
    const createdAt = daysAgo(rng.int(200, 600));
    const user: UserRow = {
      email: f.email ?? `${emailLocal(f.first, f.last)}@${DEMO_EMAIL_DOMAIN}`,
      firstName: f.first,
      lastName: f.last,
      userType: 'family',
      phone: rng.chance(0.85) ? phoneNumber(rng) : null,
      location: f.town,
      parish: f.parish,
      profileImageUrl: nextAvatar(f.first, f.last),
      isVerified: false,
      verificationStatus: 'pending',
      createdAt,
      updatedAt: createdAt,
    };
    users.push(user);
    return { ...f, user, region: REGION[f.parish] };
  });
  const demoFamily = families[0];

  // Caregivers: the demo nanny first, then the generated ones.
  const plans: CaregiverPlan[] = [];
  {
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
    plans.push({
      user,
      parish: 'Kingston',
      town: 'Kingston',
      accountAgeDays: 420,
      verification: approvedVerification(user.email, createdAt, verifiedAt, now),
      forced: {
        completed: [
          demoFamily.user.email,
          demoFamily.user.email,
          demoFamily.user.email,
          demoFamily.user.email,
        ],
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
    });
  }

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
  for (const p of plans) {
    users.push(p.user);
    if (p.verification) verifications.push(p.verification);
  }

  // Bookings, reviews and messages, caregiver by caregiver.
  const bookings: BookingRow[] = [];
  const reviews: ReviewRow[] = [];
  const messages: MessageRow[] = [];
  const stats: StatsRow[] = [];
  const caregiverBadges: CaregiverBadgeRow[] = [];
  const familyByEmail = new Map(families.map((f) => [f.user.email, f]));
  const threadSpans = new Map<string, [number, number][]>();
  const reviewsUsed = newReviewsUsed();

  for (const plan of plans) {
    const cg = plan.row;
    const isDemo = plan.forced !== undefined;
    const region = REGION[plan.parish];
    const local = families.filter((f) => f.region === region);
    const pickFamily = () =>
      (local.length > 0 && rng.chance(0.8) ? rng.pick(local) : rng.pick(families)).user.email;
    const usedDays = new Set<number>();
    const pickDay = (from: number, to: number): number | undefined => {
      for (let attempt = 0; attempt < 40; attempt++) {
        const d = rng.int(from, to);
        if (!usedDays.has(d)) {
          usedDays.add(d);
          return d;
        }
      }
      return undefined;
    };
    const maxBack = Math.max(3, Math.min(plan.accountAgeDays - 3, 300));
    const canTakeNew = cg.isActive && cg.isAvailable;

    const counts: Record<BookingStatus, number> = isDemo
      ? { completed: 12, confirmed: 3, pending: 2, cancelled: 1, declined: 1, expired: 1 }
      : {
          completed: cg.isActive
            ? rng.weighted<number>([
                [0, 2],
                [rng.int(1, 3), 4],
                [rng.int(4, 7), 4],
                [rng.int(8, 11), 2],
              ])
            : rng.int(0, 3),
          confirmed: canTakeNew
            ? rng.weighted<number>([
                [0, 4],
                [1, 4],
                [2, 2],
              ])
            : 0,
          pending: canTakeNew
            ? rng.weighted<number>([
                [0, 5],
                [1, 4],
                [2, 1],
              ])
            : 0,
          declined: rng.chance(0.12) ? 1 : 0,
          expired: rng.chance(0.1) ? 1 : 0,
          cancelled: rng.chance(0.12) ? 1 : 0,
        };
    const windows: Record<BookingStatus, [number, number]> = {
      completed: [-maxBack, -1],
      confirmed: [1, 28],
      pending: [1, 21],
      declined: [Math.max(-45, -maxBack), cg.isActive ? 14 : -1],
      expired: [Math.max(-30, -maxBack), -1],
      cancelled: [Math.max(-50, -maxBack), cg.isActive ? 20 : -1],
    };

    const mine: BookingRow[] = [];
    for (const status of ['completed', 'confirmed', 'pending', 'declined', 'expired', 'cancelled'] as const) {
      for (let n = 0; n < counts[status]; n++) {
        // The demo family's first completed booking with the demo nanny ended two days ago and is not
        // reviewed yet: 'Leave a review' shows on the family dashboard (within the 14 days).
        const offset =
          isDemo && status === 'completed' && n === 0 ? pickDay(-2, -2) : pickDay(...windows[status]);
        if (offset === undefined) continue;
        const familyEmail = plan.forced?.[status]?.[n] ?? pickFamily();
        mine.push(makeBooking(rng, now, today, cg, familyEmail, status, offset));
      }
    }
    mine.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());

    // Reviews on most completed bookings, in the words of the booking's kind and the rating's band.
    const myBodies = new Set<string>();
    const myReviews: ReviewRow[] = [];
    const completed = mine.filter((b) => b.status === 'completed');
    const unreviewed = new Set(
      isDemo ? [completed[completed.length - 1], completed[2]] : completed.filter(() => rng.chance(0.2)),
    );
    const firstBookingIndex = bookings.length;
    for (const [j, b] of mine.entries()) {
      if (b.status !== 'completed' || unreviewed.has(b)) continue;
      const rating = isDemo
        ? rng.weighted<number>([
            [5, 8],
            [4, 2],
          ])
        : rng.weighted<number>([
            [5, 64],
            [4, 30],
            [3, 5],
            [2, 1],
          ]);
      const comment = pickReview(rng, b.kind, rating, reviewsUsed, myBodies, {
        first: plan.user.firstName,
        gender: cg.gender,
      });
      const createdAt = clampBefore(new Date(b.endsAt.getTime() + rng.int(2, 60) * HOUR), now, b.endsAt);
      myReviews.push({ booking: firstBookingIndex + j, rating, comment, createdAt });
    }
    bookings.push(...mine);
    reviews.push(...myReviews);
    if (myReviews.length > 0) {
      const avg = myReviews.reduce((s, r) => s + r.rating, 0) / myReviews.length;
      cg.averageRating = avg.toFixed(2);
      cg.totalReviews = myReviews.length;
    }

    // Messages around upcoming requests, and thank-yous after some completed bookings. A pair's
    // conversations never overlap in time, so threads read in order.
    const addThread = (thread: MessageRow[]) => {
      if (thread.length === 0) return;
      const from = thread[0].createdAt.getTime();
      const to = thread[thread.length - 1].createdAt.getTime();
      const pairKey = `${thread[0].senderEmail}|${thread[0].receiverEmail}`;
      const taken = threadSpans.get(pairKey) ?? [];
      if (taken.some(([a, z]) => from <= z + HOUR && to >= a - HOUR)) return;
      taken.push([from, to]);
      threadSpans.set(pairKey, taken);
      messages.push(...thread);
    };
    for (const b of mine) {
      const family = familyByEmail.get(b.familyEmail)!;
      const vars = {
        cg: plan.user.firstName,
        fam: family.first,
        day: dayLabel(b.date),
        time: clockLabel(Number(b.startTime.slice(0, 2))),
        hours: b.duration === 1 ? '1 hour' : `${b.duration} hours`,
        town: plan.town,
      };
      const demoPair = isDemo && b.familyEmail === DEMO_FAMILY_EMAIL;
      if (b.status === 'confirmed' || b.status === 'pending') {
        const start = daytimeBefore(rng, b.createdAt, now);
        const startHour = Number(b.startTime.slice(0, 2));
        const fitting = KIND_PROFILES[b.kind].threads.filter((t) => fitsTime(t, startHour, b.duration));
        let lines = rng.pick(fitting.length > 0 ? fitting : KIND_PROFILES[b.kind].threads).lines;
        // A request still pending has not been answered: the conversation ends with the family.
        if (b.status === 'pending') lines = lines.slice(0, lines.findLastIndex(([who]) => who === 'f') + 1);
        addThread(
          makeThread(rng, now, lines, vars, b.familyEmail, cg.email, start, demoPair || rng.chance(0.6)),
        );
      } else if (b.status === 'completed' && (demoPair || rng.chance(0.3))) {
        const start = new Date(b.endsAt.getTime() + rng.int(2, 20) * HOUR);
        if (start.getTime() >= now.getTime() - HOUR) continue;
        addThread(
          makeThread(
            rng,
            now,
            rng.pick(THANK_YOU_THREADS),
            vars,
            b.familyEmail,
            cg.email,
            start,
            rng.chance(0.3),
          ),
        );
      }
    }

    // Stats, consistent with the bookings.
    const totalHours = completed.reduce((s, b) => s + b.duration, 0);
    const earnings = completed.reduce((s, b) => s + b.hourlyRate * b.duration, 0);
    const streakDays = isDemo ? 6 : cg.isActive ? rng.int(0, 12) : 0;
    const longestStreak = isDemo ? 21 : streakDays + rng.int(0, 20);
    const responseTime = isDemo ? 12 : rng.int(5, 180);
    const lastActive = isDemo ? today : addDays(today, cg.isActive ? -rng.int(0, 9) : -rng.int(40, 120));
    const metrics: BadgeMetrics = {
      completed_bookings: completed.length,
      total_bookings: mine.length,
      total_hours: totalHours,
      total_reviews: myReviews.length,
      five_star_reviews: myReviews.filter((r) => r.rating === 5).length,
      average_rating: Number(cg.averageRating),
      experience_years: cg.experience,
      verified: plan.user.isVerified ? 1 : 0,
      safety_certifications: ['First Aid Certified', 'CPR Certified'].filter((c) =>
        cg.certifications.includes(c),
      ).length,
      response_time: responseTime,
      responses: mine.filter((b) => b.status !== 'pending' && b.status !== 'expired').length,
      longest_streak: longestStreak,
      profile_complete:
        cg.bio &&
        plan.user.profileImageUrl &&
        plan.user.location &&
        cg.skills.length > 0 &&
        cg.availability.length > 0
          ? 1
          : 0,
    };
    let badgePoints = 0;
    for (const badge of BADGE_CATALOG) {
      const progress = badgeProgress(badge.criteria, metrics);
      if (progress === 0) continue;
      const isCompleted = progress === 100;
      if (isCompleted) badgePoints += badge.points;
      caregiverBadges.push({
        email: cg.email,
        badgeName: badge.name,
        progress,
        isCompleted,
        earnedAt: isCompleted
          ? earnedAt(badge.criteria, {
              now,
              createdAt: cg.createdAt,
              verifiedAt: plan.verification?.verifiedAt ?? null,
              completed,
              bookings: mine,
              reviews: myReviews,
              longestStreak,
            })
          : null,
      });
    }
    stats.push({
      email: cg.email,
      totalBookings: mine.length,
      completedBookings: completed.length,
      totalHours,
      totalEarnings: money(earnings),
      responseTime,
      profileViews: isDemo ? 486 : completed.length * rng.int(8, 20) + rng.int(10, 220),
      favoriteCount: isDemo ? 17 : rng.int(0, completed.length * 2 + 3),
      badgePoints,
      streakDays,
      longestStreak,
      lastActiveDate: lastActive,
      updatedAt: minDate(now, maxDate(cg.updatedAt, ...mine.map((b) => b.updatedAt))),
    });
  }

  ensureUnread(messages, DEMO_CAREGIVER_EMAIL);
  ensureUnread(messages, DEMO_FAMILY_EMAIL);
  messages.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  return {
    users,
    verifications,
    caregivers: plans.map((p) => p.row),
    stats,
    bookings,
    reviews,
    messages,
    caregiverBadges,
  };
}

/**
 * Every step approved. The police record is under 12 months old (a caregiver verified long ago has
 * renewed it), so the public Verified badge holds; the index approves the background step after it.
 */
function approvedVerification(email: string, createdAt: Date, verifiedAt: Date, now: Date): VerificationRow {
  const issued = new Date(Math.max(verifiedAt.getTime() - 7 * DAY, now.getTime() - 200 * DAY));
  return {
    policeRecordIssuedAt: issued.toISOString().slice(0, 10),
    email,
    emailVerified: true,
    phoneVerified: true,
    addressVerified: true,
    idVerified: true,
    selfieVerified: true,
    backgroundCheckVerified: true,
    verificationNotes: 'Police record, ID and references checked.',
    status: 'approved',
    submittedAt: new Date(verifiedAt.getTime() - 2 * DAY),
    verifiedAt,
    byAdmin: true,
    createdAt,
    updatedAt: verifiedAt,
  };
}

/** Part-way through the five steps (email, phone, identity, address, background check). */
function inProgressVerification(rng: Rng, email: string, createdAt: Date, now: Date): VerificationRow {
  const steps = rng.int(1, 4);
  const updatedAt = minDate(
    new Date(createdAt.getTime() + rng.int(1, 30) * DAY),
    new Date(now.getTime() - HOUR),
  );
  return {
    email,
    emailVerified: steps >= 1,
    phoneVerified: steps >= 2,
    idVerified: steps >= 3,
    selfieVerified: steps >= 3,
    addressVerified: steps >= 4,
    backgroundCheckVerified: false,
    verificationNotes: steps >= 3 ? 'Background check submitted; awaiting police record.' : null,
    policeRecordIssuedAt: null,
    status: 'pending',
    submittedAt: null,
    verifiedAt: null,
    byAdmin: false,
    createdAt,
    updatedAt,
  };
}

/** A moment in Jamaican waking hours (7 am to 7 pm) shortly before `at`, so nobody chats at 3 am. */
function daytimeBefore(rng: Rng, at: Date, now: Date): Date {
  const latest = Math.min(at.getTime(), now.getTime() - 4 * HOUR);
  let day = jamaicaToday(new Date(latest));
  for (let i = 0; i < 3; i++) {
    const t = jamaicaInstant(day, rng.int(7, 19), rng.int(0, 59));
    if (t.getTime() <= latest) return t;
    day = addDays(day, -1);
  }
  return new Date(latest - 12 * HOUR);
}

function clampBefore(d: Date, now: Date, notBefore: Date): Date {
  const latest = now.getTime() - 60_000;
  return new Date(Math.max(notBefore.getTime() + 60_000, Math.min(d.getTime(), latest)));
}

function makeBooking(
  rng: Rng,
  now: Date,
  today: string,
  cg: CaregiverRow,
  familyEmail: string,
  status: BookingStatus,
  offset: number,
): BookingRow {
  const kind = cg.kinds.length > 1 && rng.chance(0.25) ? rng.pick(cg.kinds.slice(1)) : cg.kinds[0];
  const profile = KIND_PROFILES[kind];
  const shift = rng.pick(profile.shifts);
  const duration = rng.pick(shift.durations);
  const startHour = Math.min(rng.int(shift.start[0], shift.start[1]), 22 - duration);
  const date = addDays(today, offset);
  const startsAt = jamaicaInstant(date, startHour);
  const endsAt = new Date(startsAt.getTime() + duration * HOUR);
  const { platformFee, totalCost } = bookingMoney(cg.hourlyRate, duration);
  let createdAt: Date;
  let updatedAt: Date;
  if (offset > 0) {
    // Asked for recently (after the caregiver joined); requests still pending are under 20 hours old,
    // so the 24-hour expiry rule leaves them alone for a while.
    const hoursAgo = status === 'pending' ? rng.int(2, 20) : rng.int(2, 6 * 24);
    createdAt = maxDate(new Date(now.getTime() - hoursAgo * HOUR), cg.createdAt);
    updatedAt =
      status === 'pending' ? createdAt : minDate(new Date(createdAt.getTime() + rng.int(1, 20) * HOUR), now);
  } else {
    createdAt = maxDate(
      new Date(startsAt.getTime() - rng.int(1, 14) * DAY),
      new Date(cg.createdAt.getTime() + HOUR),
    );
    updatedAt =
      status === 'completed'
        ? endsAt
        : status === 'expired'
          ? minDate(startsAt, new Date(createdAt.getTime() + 48 * HOUR))
          : minDate(new Date(createdAt.getTime() + rng.int(1, 30) * HOUR), startsAt);
  }
  const notePool = profile.notes.filter((n) => fitsTime(n, startHour, duration));
  let notes: string | null = notePool.length > 0 && rng.chance(0.75) ? noteText(rng.pick(notePool)) : null;
  if ((status === 'cancelled' || status === 'declined') && rng.chance(0.5)) notes = rng.pick(CANCEL_NOTES);
  return {
    familyEmail,
    caregiverEmail: cg.email,
    date,
    startTime: `${pad(startHour)}:00`,
    endTime: `${pad(startHour + duration)}:00`,
    duration,
    startsAt,
    endsAt,
    hourlyRate: cg.hourlyRate,
    platformFee,
    totalCost,
    status,
    kind,
    notes,
    createdAt: minDate(createdAt, now),
    updatedAt: minDate(maxDate(updatedAt, createdAt), now),
  };
}

function makeThread(
  rng: Rng,
  now: Date,
  lines: readonly (readonly ['f' | 'c', string])[],
  vars: Record<string, string | number>,
  familyEmail: string,
  caregiverEmail: string,
  start: Date,
  leaveLastUnread: boolean,
): MessageRow[] {
  const times: number[] = [];
  let t = start.getTime();
  for (let i = 0; i < lines.length; i++) {
    times.push(t);
    t += rng.int(3, 90) * 60_000;
  }
  // Never in the future: slide the whole conversation back if needed.
  const overshoot = times[times.length - 1] - (now.getTime() - 5 * 60_000);
  const shifted = overshoot > 0 ? times.map((x) => x - overshoot) : times;
  const lastIsRecent = now.getTime() - shifted[shifted.length - 1] < 3 * DAY;
  return lines.map(([who, text], i) => {
    const createdAt = new Date(shifted[i]);
    const isLast = i === lines.length - 1;
    const isRead = !(isLast && leaveLastUnread && lastIsRecent);
    const readAt = isRead
      ? new Date(
          Math.min(
            shifted[i] + rng.int(1, 45) * 60_000,
            isLast ? now.getTime() - 60_000 : shifted[i + 1],
            now.getTime() - 60_000,
          ),
        )
      : null;
    return {
      senderEmail: who === 'f' ? familyEmail : caregiverEmail,
      receiverEmail: who === 'f' ? caregiverEmail : familyEmail,
      content: fillTemplate(text, vars),
      isRead,
      readAt: readAt && readAt.getTime() < createdAt.getTime() ? createdAt : readAt,
      createdAt,
    };
  });
}

/**
 * The demo logins must land on an unread message: if they have none, the newest message they
 * received and have not answered since becomes unread.
 */
function ensureUnread(messages: MessageRow[], email: string): void {
  const received = messages.filter((m) => m.receiverEmail === email);
  if (received.length === 0 || received.some((m) => !m.isRead)) return;
  const unanswered = received.filter(
    (m) =>
      !messages.some(
        (r) => r.senderEmail === email && r.receiverEmail === m.senderEmail && r.createdAt > m.createdAt,
      ),
  );
  if (unanswered.length === 0) return;
  const newest = unanswered.reduce((a, b) => (b.createdAt > a.createdAt ? b : a));
  newest.isRead = false;
  newest.readAt = null;
}

interface Timeline {
  now: Date;
  createdAt: Date;
  verifiedAt: Date | null;
  completed: BookingRow[];
  bookings: BookingRow[];
  reviews: ReviewRow[];
  longestStreak: number;
}

/** When a badge was earned: the moment its last clause came true, from the caregiver's own history. */
function earnedAt(criteria: string, t: Timeline): Date {
  const nth = <T>(items: T[], n: number, at: (x: T) => Date) => (items[n - 1] ? at(items[n - 1]) : t.now);
  const byTime = <T>(items: T[], at: (x: T) => Date) =>
    [...items].sort((a, b) => at(a).getTime() - at(b).getTime());
  const times = parseBadgeCriteria(criteria).map((c): Date => {
    const n = Math.max(1, Math.ceil(c.value));
    switch (c.metric) {
      case 'completed_bookings':
        return nth(t.completed, n, (b) => b.endsAt);
      case 'total_bookings':
        return nth(
          byTime(t.bookings, (b) => b.createdAt),
          n,
          (b) => b.createdAt,
        );
      case 'total_hours': {
        let sum = 0;
        for (const b of t.completed) {
          sum += b.duration;
          if (sum >= c.value) return b.endsAt;
        }
        return t.now;
      }
      case 'total_reviews':
        return nth(
          byTime(t.reviews, (r) => r.createdAt),
          n,
          (r) => r.createdAt,
        );
      case 'five_star_reviews':
        return nth(
          byTime(
            t.reviews.filter((r) => r.rating === 5),
            (r) => r.createdAt,
          ),
          n,
          (r) => r.createdAt,
        );
      case 'average_rating':
        return t.reviews.length > 0 ? maxDate(...t.reviews.map((r) => r.createdAt)) : t.now;
      case 'verified':
        return t.verifiedAt ?? t.now;
      case 'longest_streak':
        return new Date(t.createdAt.getTime() + t.longestStreak * DAY);
      default:
        return new Date(t.createdAt.getTime() + HOUR);
    }
  });
  return minDate(
    maxDate(new Date(t.createdAt.getTime() + HOUR), ...times),
    new Date(t.now.getTime() - 60_000),
  );
}
