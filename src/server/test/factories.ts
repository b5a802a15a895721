import { type Algorithm, hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { allVerificationFlags } from '../../shared/contracts/verification';
import { centsToDecimal, priceBooking, toCents } from '../../shared/money';
import type { Tx } from '../db/client';
import { bookings, caregivers, reviews, users, VERIFICATION_STEPS, verifications } from '../db/schema';

export const DEFAULT_PASSWORD = 'Blue-Mountain-Coffee-42';
let defaultHash: Promise<string> | undefined;
let seq = 0;

/**
 * Users made by these factories get argon2id hashes at the lowest cost (64 KiB, 1 pass: about 0.1 ms
 * instead of about 40 ms of CPU). The server verifies a hash with the parameters written in it, so their
 * logins take the same code path, and a wrong password still fails; what the server itself writes (sign-up,
 * reset, change) keeps the production cost, which passwords.test.ts and throttle.test.ts check. A test
 * logs in hundreds of times; at full cost that was a third of the CPU of the API tests (ADR 0021).
 */
const TEST_ARGON2 = { algorithm: 2 as Algorithm, memoryCost: 64, timeCost: 1, parallelism: 1 } as const;
export const hashTestPassword = (password: string) => hash(password, TEST_ARGON2);
/** What the server itself writes for every password: argon2id at the production cost. */
export const SERVER_HASH = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

export interface UserOverrides {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  userType?: 'family' | 'caregiver' | 'admin';
  location?: string;
  parish?: string;
  phone?: string | null;
  suspendedAt?: Date | null;
  /** IANA zone and estimate currency (defaults: America/Jamaica, JMD). */
  timeZone?: string;
  currency?: 'JMD' | 'USD' | 'GBP' | 'CAD' | 'EUR';
}

/** Inserts a user straight into the database (fast: a cheap hash, and the default password's made once). */
export async function createUser(db: Tx, overrides: UserOverrides = {}) {
  seq += 1;
  if (!overrides.password) defaultHash ??= hashTestPassword(DEFAULT_PASSWORD);
  const password = overrides.password ? await hashTestPassword(overrides.password) : await defaultHash!;
  const [row] = await db
    .insert(users)
    .values({
      email: overrides.email ?? `user${seq}-${Date.now()}@example.test`,
      password,
      firstName: overrides.firstName ?? 'Test',
      lastName: overrides.lastName ?? `User${seq}`,
      userType: overrides.userType ?? 'family',
      location: overrides.location ?? 'Kingston',
      parish: overrides.parish ?? 'Kingston',
      phone: overrides.phone ?? null,
      suspendedAt: overrides.suspendedAt ?? null,
      ...(overrides.timeZone ? { timeZone: overrides.timeZone } : {}),
      ...(overrides.currency ? { currency: overrides.currency } : {}),
    })
    .returning();
  return { ...row, plainPassword: overrides.password ?? DEFAULT_PASSWORD };
}

export function signupPayload(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    userType: 'family',
    firstName: 'Keisha',
    lastName: 'Campbell',
    email: `keisha${seq}-${Date.now()}@example.test`,
    location: 'Montego Bay',
    phone: '876-555-0142',
    password: DEFAULT_PASSWORD,
    ...overrides,
  };
}

/** Logs in through the API and returns the bearer token. */
export async function loginToken(app: FastifyInstance, email: string, password = DEFAULT_PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface CaregiverOverrides {
  /** The caregiver's users row; userType is always 'caregiver'. */
  user?: Omit<UserOverrides, 'userType'> & { isVerified?: boolean; profileImageUrl?: string | null };
  bio?: string | null;
  experience?: number;
  /** JMD, e.g. 1500 or '1500.00'. */
  hourlyRate?: number | string;
  skills?: string[];
  certifications?: string[];
  availability?: string[];
  kinds?: string[];
  averageRating?: number | string;
  totalReviews?: number;
  isActive?: boolean;
  isAvailable?: boolean;
  createdAt?: Date;
}

/** Inserts a caregiver user and their profile; returns both rows. */
export async function createCaregiver(db: Tx, overrides: CaregiverOverrides = {}) {
  const { isVerified, profileImageUrl, ...userOverrides } = overrides.user ?? {};
  let user = await createUser(db, { ...userOverrides, userType: 'caregiver' });
  if (isVerified !== undefined || profileImageUrl !== undefined) {
    const [updated] = await db
      .update(users)
      .set({
        isVerified: isVerified ?? user.isVerified,
        verificationStatus: isVerified ? 'approved' : user.verificationStatus,
        profileImageUrl: profileImageUrl === undefined ? user.profileImageUrl : profileImageUrl,
      })
      .where(eq(users.id, user.id))
      .returning();
    user = { ...updated, plainPassword: user.plainPassword };
  }
  const rate = overrides.hourlyRate ?? 1500;
  const rating = overrides.averageRating ?? 0;
  const [caregiver] = await db
    .insert(caregivers)
    .values({
      userId: user.id,
      bio: overrides.bio === undefined ? 'Caring and reliable.' : overrides.bio,
      experience: overrides.experience ?? 3,
      hourlyRate: typeof rate === 'number' ? rate.toFixed(2) : rate,
      skills: overrides.skills ?? [],
      certifications: overrides.certifications ?? [],
      availability: overrides.availability ?? [],
      kinds: overrides.kinds ?? ['child-care'],
      averageRating: typeof rating === 'number' ? rating.toFixed(2) : rating,
      totalReviews: overrides.totalReviews ?? 0,
      isActive: overrides.isActive ?? true,
      isAvailable: overrides.isAvailable ?? true,
      ...(overrides.createdAt ? { createdAt: overrides.createdAt, updatedAt: overrides.createdAt } : {}),
    })
    .returning();
  return { user, caregiver };
}

/**
 * A verification record an admin approved step by step at `at` (default now), with a police record issued
 * on `policeRecordIssuedOn` (yyyy-MM-dd, default 30 days before `at`) and two references; marks the user
 * verified. What the public Verified badge and verified facts are read from.
 */
export async function createApprovedVerification(
  db: Tx,
  userId: number,
  options: { at?: Date; policeRecordIssuedOn?: string; adminId?: number } = {},
) {
  const at = options.at ?? new Date();
  const issuedOn =
    options.policeRecordIssuedOn ?? new Date(at.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
  const by = options.adminId ?? userId;
  const review = { approved: true, reason: null, by, at: at.toISOString() };
  const [row] = await db
    .insert(verifications)
    .values({
      userId,
      ...allVerificationFlags(true),
      policeRecordIssuedAt: issuedOn,
      references: [
        { name: 'Ref One', relationship: 'Former employer', phone: '+18765550001' },
        { name: 'Ref Two', relationship: 'Pastor', phone: '+18765550002' },
      ],
      status: 'approved',
      submittedAt: at,
      verifiedAt: at,
      reviews: Object.fromEntries(VERIFICATION_STEPS.map((s) => [s, review])),
    })
    .returning();
  await db
    .update(users)
    .set({ isVerified: true, verificationStatus: 'approved' })
    .where(eq(users.id, userId));
  return row;
}

export interface ReviewInput {
  caregiverId: number;
  familyId: number;
  rating: number;
  comment?: string | null;
  createdAt?: Date;
  /** Default: published when written (null: waiting for double-blind publication). */
  publishedAt?: Date | null;
}

/** Inserts a completed booking and its review (reviews belong to bookings, one each). */
export async function createReview(db: Tx, input: ReviewInput) {
  const createdAt = input.createdAt ?? new Date();
  const startsAt = new Date(createdAt.getTime() - 3 * 86_400_000);
  const endsAt = new Date(startsAt.getTime() + 2 * 3_600_000);
  const [booking] = await db
    .insert(bookings)
    .values({
      familyId: input.familyId,
      caregiverId: input.caregiverId,
      date: startsAt.toISOString().slice(0, 10),
      startTime: '09:00',
      endTime: '11:00',
      duration: 2,
      startsAt,
      endsAt,
      hourlyRate: '1500.00',
      platformFee: '150.00',
      totalCost: '3150.00',
      status: 'completed',
    })
    .returning();
  const [review] = await db
    .insert(reviews)
    .values({
      bookingId: booking.id,
      familyId: input.familyId,
      caregiverId: input.caregiverId,
      rating: input.rating,
      comment: input.comment === undefined ? 'Great care.' : input.comment,
      createdAt,
      publishedAt: input.publishedAt === undefined ? createdAt : input.publishedAt,
    })
    .returning();
  return review;
}

export interface BookingInput {
  familyId: number;
  caregiverId: number;
  /** yyyy-MM-dd in Jamaica, and the start hour there (UTC−5 all year). */
  date: string;
  startHour?: number;
  hours?: number;
  /** JMD per hour (default 1500): the price follows the one fee policy. */
  hourlyRate?: number;
  status?: (typeof bookings.$inferInsert)['status'];
  circleId?: number | null;
  approvalState?: 'awaiting' | 'approved' | 'declined' | null;
  cancelledBy?: number | null;
}

/**
 * Inserts a booking straight into the database in any state (no events, payments or ledger entries: add
 * what a test needs), priced by the shared fee policy; a circle booking's approval reason is the circle's rule.
 */
export async function createBooking(db: Tx, input: BookingInput) {
  const startHour = input.startHour ?? 9;
  const hours = input.hours ?? 2;
  const rate = toCents(input.hourlyRate ?? 1500);
  const price = priceBooking(rate, hours);
  const startsAt = new Date(`${input.date}T${String(startHour).padStart(2, '0')}:00:00-05:00`);
  const endsAt = new Date(startsAt.getTime() + hours * 3_600_000);
  const hhmm = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
  const approvalState = input.approvalState ?? null;
  const status = input.status ?? 'pending';
  const [row] = await db
    .insert(bookings)
    .values({
      familyId: input.familyId,
      caregiverId: input.caregiverId,
      date: input.date,
      startTime: hhmm(startHour),
      endTime: hhmm(startHour + hours),
      duration: hours,
      startsAt,
      endsAt,
      hourlyRate: centsToDecimal(rate),
      platformFee: centsToDecimal(price.platformFee),
      totalCost: centsToDecimal(price.total),
      status,
      circleId: input.circleId ?? null,
      approvalState,
      approvalReason: approvalState ? 'circle_rule' : null,
      cancelledAt: status === 'cancelled' ? endsAt : null,
      cancelledBy: input.cancelledBy ?? null,
      completedAt: status === 'completed' ? endsAt : null,
    })
    .returning();
  return row;
}
