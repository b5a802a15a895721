import { asc, count, eq } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AVAILABILITY_SLOTS,
  CAREGIVER_KIND_VALUES,
  type CaregiverKind,
  CERTIFICATIONS,
  FILTER_AVAILABILITY,
  FILTER_SKILLS,
  findTown,
  ONBOARDING_SKILLS,
  PARISHES,
} from '../../../shared/catalog';
import { jamaicaToday } from '../../../shared/time';
import { hashPassword, verifyPassword } from '../../features/auth/passwords';
import { AVATAR_FILE_PATTERN } from '../../features/avatars/avatar';
import { type Database, openDatabase } from '../client';
import {
  badges,
  bookings,
  caregiverBadges,
  caregiverStats,
  caregivers,
  messages,
  reviews,
  users,
  verifications,
} from '../schema';
import { BADGE_CATALOG, badgeProgress, parseBadgeCriteria, seedBadgeCatalog } from './badges';
import { seedBulkCaregivers } from './bulk';
import { KIND_PROFILES } from './content';
import { DEMO_LOGINS, DEMO_PASSWORD, type DemoSummary, seedDemoData, seedDemoDataIfEmpty } from './index';
import { REVIEW_BODIES, REVIEW_CLOSERS, type ReviewBand, reviewBand, reviewTemplate } from './reviews';

let database: Database;
let summary: DemoSummary | null;
let passwordHash: string;
const now = new Date();

beforeAll(async () => {
  passwordHash = await hashPassword(DEMO_PASSWORD);
  database = await openDatabase({ kind: 'pglite-memory' });
  const started = performance.now();
  summary = await seedDemoDataIfEmpty(database.db, { passwordHash, now });
  // The target is under 3 s (about 0.4–1 s here); the bound is loose so a busy CI machine does not
  // fail it, while a regression to row-by-row inserts still would.
  expect(performance.now() - started).toBeLessThan(10_000);
});

afterAll(async () => {
  await database?.close();
});

const db = () => database.db;

/** Words a review of each kind talks about: lessons for a tutor, Mummy's or Daddy's care for a senior carer… */
const KIND_WORDS: Record<CaregiverKind, RegExp> = {
  'child-care':
    /\b(baby|babies|toddlers?|\w+-year-old|newborn|son|daughter|children|kids|nanny|nap|homework|school)\b/i,
  babysitters: /\b(kids|\w+-year-old|children|bedtime|babysitter|sitter|evening|night|son|daughter|baby)\b/i,
  tutors: /\b(lessons?|sessions?|maths|English|reading|exams?|PEP|CSEC|grades|syllabus|tutor|fractions)\b/i,
  'senior-care': /\b(Mummy|Daddy|mother|father|grandmother)\b/,
  'special-needs':
    /\b(autism|therapy|physiotherapy|non-verbal|sensory|wheelchair|seizures?|routine|feeding)\b/i,
  housekeepers:
    /\b(house|home|laundry|washing|fridge|bedrooms|ironing|kitchen|pantry|cooks?|dinner|housekeeper|floors?)\b/i,
  janitors: /\b(office|hall|shop|floors?|bathrooms|washrooms|yard|tank|move-out|bins|windows)\b/i,
  maintenance: /\b(pump|fans?|leak|roof|zinc|tap|gate|grilles|wiring|lights|tiles|sink|lock|hinge)\b/i,
};

/** What each rating band must say, and must never say (a 2-star review is no rave, a 5-star no complaint). */
const RAVE =
  /highly recommend|excellent|wonderful|brilliant|fantastic|blessing|grateful|treasure|five stars|a star\b/i;
const COMPLAINT = /disappoint|unfortunately|will not book|\bbut\b|\balthough\b/i;
const TONE: Record<ReviewBand, { must?: RegExp; never: RegExp }> = {
  great: { never: COMPLAINT },
  good: { never: /disappoint|unfortunately|will not book/i },
  mixed: { must: /\b(but|although)\b/i, never: RAVE },
  poor: { must: /disappoint|unfortunately/i, never: RAVE },
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A review template as a pattern for one caregiver: their first name, either gender's pronouns. */
function templatePattern(template: string, first: string): RegExp {
  const pattern = escapeRegExp(template)
    .replace(/\\\{first\\\}/g, escapeRegExp(first))
    .replace(/\\\{\w+\\\}/g, '(?:she|he|She|He|her|his|Her|His|him|herself|himself)');
  return new RegExp(`^${pattern}$`);
}

/** The kind whose words for the rating's band wrote this review, or undefined. */
function reviewKind(comment: string, rating: number, first: string, kinds: string[]) {
  const band = reviewBand(rating);
  return kinds.find((k) =>
    REVIEW_BODIES[k as CaregiverKind][band].some((body) =>
      REVIEW_CLOSERS[band].some((closer) =>
        templatePattern(reviewTemplate(body, closer), first).test(comment),
      ),
    ),
  ) as CaregiverKind | undefined;
}

/** Names as they could appear in a file name: lower-case letters only. */
const letters = (s: string) =>
  s
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
/** The letters of a URL's file name, extension left out (`/avatars/tb_12.svg` → `tb`). */
const fileLetters = (url: string) => letters((url.split('/').pop() ?? '').replace(/\.[a-z]+$/i, ''));

async function allCaregivers() {
  return db()
    .select({ c: caregivers, u: users })
    .from(caregivers)
    .innerJoin(users, eq(users.id, caregivers.userId))
    .orderBy(asc(caregivers.id));
}

describe('demo data set', () => {
  it('has 60+ caregivers over all 14 parishes and all 8 kinds, 10+ families and one admin', async () => {
    expect(summary).not.toBeNull();
    const rows = await allCaregivers();
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(new Set(rows.map((r) => r.u.parish))).toEqual(new Set(PARISHES));
    expect(new Set(rows.flatMap((r) => r.c.kinds))).toEqual(new Set(CAREGIVER_KIND_VALUES));
    for (const { c } of rows) {
      expect(c.kinds.length).toBeGreaterThanOrEqual(1);
      expect(c.kinds.length).toBeLessThanOrEqual(3);
    }
    const families = await db().select().from(users).where(eq(users.userType, 'family'));
    expect(families.length).toBeGreaterThanOrEqual(10);
    expect(new Set(families.map((f) => f.parish)).size).toBeGreaterThanOrEqual(5);
    const admins = await db().select().from(users).where(eq(users.userType, 'admin'));
    expect(admins.map((a) => a.email)).toEqual(['admin@yaadcare.jm']);
    expect(summary?.caregivers).toBe(rows.length);
  });

  it('gives every caregiver a catalog town, catalog vocabulary, a sensible rate and a local avatar', async () => {
    const skills = new Set<string>([...ONBOARDING_SKILLS, ...FILTER_SKILLS]);
    const certs = new Set<string>(CERTIFICATIONS);
    const availability = new Set<string>([...FILTER_AVAILABILITY, ...AVAILABILITY_SLOTS, 'Available Now']);
    const rows = await allCaregivers();
    for (const { c, u } of rows) {
      expect(findTown(u.location ?? '')?.parish, `${u.location}`).toBe(u.parish);
      expect(c.experience).toBeGreaterThanOrEqual(1);
      expect(c.experience).toBeLessThanOrEqual(20);
      const [min, max] = KIND_PROFILES[c.kinds[0] as keyof typeof KIND_PROFILES].rate;
      expect(Number(c.hourlyRate)).toBeGreaterThanOrEqual(min);
      expect(Number(c.hourlyRate)).toBeLessThanOrEqual(max);
      expect(c.skills.length).toBeGreaterThan(0);
      for (const s of c.skills) expect(skills.has(s), s).toBe(true);
      for (const s of c.certifications) expect(certs.has(s), s).toBe(true);
      expect(c.availability.length).toBeGreaterThan(0);
      for (const s of c.availability) expect(availability.has(s), s).toBe(true);
      expect(c.availability.some((a) => (FILTER_AVAILABILITY as readonly string[]).includes(a))).toBe(true);
      expect(c.bio?.length ?? 0).toBeGreaterThan(80);
      expect(c.bio).not.toMatch(/lorem|ipsum|\{\w+\}/i);
      expect(c.bio?.includes(u.location ?? '?') || c.bio?.includes(u.parish ?? '?')).toBe(true);
      const file = u.profileImageUrl?.replace(/^\/avatars\//, '') ?? '';
      expect(u.profileImageUrl?.startsWith('/avatars/')).toBe(true);
      expect(file).toMatch(AVATAR_FILE_PATTERN);
    }
    expect(rows.filter((r) => r.c.availability.includes('Available Now')).length).toBeGreaterThan(2);
    expect(rows.filter((r) => !r.c.isAvailable).length).toBeGreaterThan(0);
    const inactive = rows.filter((r) => !r.c.isActive).length;
    expect(inactive).toBeGreaterThanOrEqual(1);
    expect(inactive).toBeLessThanOrEqual(2);
    expect(new Set(rows.map((r) => r.c.bio)).size).toBe(rows.length);
  });

  it('verifies about half the caregivers, with all flags set, and has some verifications in progress', async () => {
    const rows = await allCaregivers();
    const checks = await db().select().from(verifications);
    const byUser = new Map(checks.map((v) => [v.userId, v]));
    const verified = rows.filter((r) => r.u.isVerified);
    expect(verified.length / rows.length).toBeGreaterThan(0.4);
    expect(verified.length / rows.length).toBeLessThan(0.65);
    for (const { u } of verified) {
      expect(u.verificationStatus).toBe('approved');
      const v = byUser.get(u.id);
      expect(v).toBeDefined();
      expect([
        v?.emailVerified,
        v?.phoneVerified,
        v?.addressVerified,
        v?.idVerified,
        v?.selfieVerified,
        v?.backgroundCheckVerified,
      ]).toEqual([true, true, true, true, true, true]);
      expect(v?.verifiedAt).toBeInstanceOf(Date);
    }
    const inProgress = rows.filter((r) => !r.u.isVerified && byUser.has(r.u.id));
    expect(inProgress.length).toBeGreaterThan(3);
    for (const { u } of inProgress) {
      expect(u.verificationStatus).toBe('pending');
      expect(byUser.get(u.id)?.backgroundCheckVerified).toBe(false);
    }
  });

  it('has bookings in every status, priced by the 5% fee rule, with matching Jamaica times', async () => {
    const rows = await db().select().from(bookings);
    expect(new Set(rows.map((b) => b.status))).toEqual(
      new Set(['pending', 'confirmed', 'declined', 'expired', 'cancelled', 'completed']),
    );
    const today = jamaicaToday(now);
    for (const b of rows) {
      const subtotal = Number(b.hourlyRate) * b.duration;
      expect(Number(b.platformFee)).toBe(Math.round(subtotal * 0.05));
      expect(Number(b.totalCost)).toBe(subtotal + Number(b.platformFee));
      expect(b.startsAt.toISOString()).toBe(new Date(`${b.date}T${b.startTime}:00-05:00`).toISOString());
      expect(b.endsAt.toISOString()).toBe(new Date(`${b.date}T${b.endTime}:00-05:00`).toISOString());
      expect(b.endsAt.getTime() - b.startsAt.getTime()).toBe(b.duration * 3_600_000);
      expect(b.startTime).toMatch(/^([01]\d|2[0-3]):00$/);
      expect(b.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      if (b.status === 'completed' || b.status === 'expired') expect(b.date < today).toBe(true);
      if (b.status === 'confirmed' || b.status === 'pending') expect(b.date > today).toBe(true);
    }
  });

  it('never double-books a caregiver', async () => {
    const rows = await db()
      .select()
      .from(bookings)
      .orderBy(asc(bookings.caregiverId), asc(bookings.startsAt));
    for (let i = 1; i < rows.length; i++) {
      if (rows[i].caregiverId !== rows[i - 1].caregiverId) continue;
      expect(rows[i].startsAt.getTime()).toBeGreaterThanOrEqual(rows[i - 1].endsAt.getTime());
    }
  });

  it('keeps averageRating and totalReviews equal to the reviews, which follow completed bookings', async () => {
    const rows = await allCaregivers();
    const all = await db()
      .select({ r: reviews, b: bookings })
      .from(reviews)
      .innerJoin(bookings, eq(bookings.id, reviews.bookingId));
    expect(all.length).toBeGreaterThan(50);
    for (const { c } of rows) {
      const mine = all.filter((x) => x.r.caregiverId === c.id);
      expect(c.totalReviews).toBe(mine.length);
      const expected = mine.length === 0 ? 0 : mine.reduce((s, x) => s + x.r.rating, 0) / mine.length;
      expect(Number(c.averageRating)).toBeCloseTo(expected, 2);
      expect(c.averageRating).toMatch(/^\d\.\d{2}$/);
    }
    for (const { r, b } of all) {
      expect(b.status).toBe('completed');
      expect(r.familyId).toBe(b.familyId);
      expect(r.caregiverId).toBe(b.caregiverId);
      expect(r.createdAt.getTime()).toBeGreaterThan(b.endsAt.getTime());
      expect(r.comment).not.toMatch(/\{\w+\}/);
    }
    const high = all.filter((x) => x.r.rating >= 4).length;
    expect(high / all.length).toBeGreaterThan(0.85);
  });

  it('gives every review its own words, in the tone of its rating and about the caregiver’s kind of work', async () => {
    const all = await db()
      .select({ r: reviews, c: caregivers, u: users })
      .from(reviews)
      .innerJoin(caregivers, eq(caregivers.id, reviews.caregiverId))
      .innerJoin(users, eq(users.id, caregivers.userId));
    const comments = all.map((x) => x.r.comment ?? '');
    expect(new Set(comments).size).toBe(all.length);
    // Not merely different names in the same sentence: the texts differ with the names taken out.
    expect(new Set(all.map((x) => (x.r.comment ?? '').replaceAll(x.u.firstName, '{first}'))).size).toBe(
      all.length,
    );
    const bands = new Set<ReviewBand>();
    for (const { r, c, u } of all) {
      const comment = r.comment ?? '';
      const band = reviewBand(r.rating);
      bands.add(band);
      const kind = reviewKind(comment, r.rating, u.firstName, c.kinds);
      expect(kind, `${r.rating}★ ${c.kinds.join('/')}: ${comment}`).toBeDefined();
      expect(comment, kind).toMatch(KIND_WORDS[kind as CaregiverKind]);
      if (TONE[band].must) expect(comment, `${r.rating}★`).toMatch(TONE[band].must as RegExp);
      expect(comment, `${r.rating}★`).not.toMatch(TONE[band].never);
    }
    expect(bands).toEqual(new Set(['great', 'good', 'mixed', 'poor']));
  });

  it('writes review words for every kind and band that match their kind and tone', () => {
    for (const kind of CAREGIVER_KIND_VALUES) {
      for (const band of ['great', 'good', 'mixed', 'poor'] as const) {
        const bodies = REVIEW_BODIES[kind][band];
        expect(bodies.length, `${kind} ${band}`).toBeGreaterThanOrEqual(2);
        for (const body of bodies) {
          expect(body, kind).toMatch(KIND_WORDS[kind]);
          for (const closer of REVIEW_CLOSERS[band]) {
            const text = reviewTemplate(body, closer);
            if (TONE[band].must) expect(text).toMatch(TONE[band].must as RegExp);
            expect(text).not.toMatch(TONE[band].never);
          }
        }
      }
    }
  });

  it('stores no file name or URL that contains anyone’s first or last name', async () => {
    const people = await db().select().from(users);
    const checks = await db().select().from(verifications);
    const names = new Set(people.flatMap((u) => [letters(u.firstName), letters(u.lastName)]).filter(Boolean));
    const urls = [
      ...people.map((u) => u.profileImageUrl),
      ...checks.flatMap((v) => [v.idDocumentUrl, v.selfieUrl, v.addressProofUrl]),
    ].filter((x): x is string => !!x);
    expect(urls.length).toBeGreaterThanOrEqual(people.length);
    for (const url of urls) {
      const flat = fileLetters(url);
      for (const name of names) expect(flat, `${url} contains ${name}`).not.toContain(name);
    }
  });

  it('keeps caregiver_stats consistent with the bookings', async () => {
    const stats = await db().select().from(caregiverStats);
    const rows = await db().select().from(bookings);
    expect(stats.length).toBe((await allCaregivers()).length);
    for (const s of stats) {
      const mine = rows.filter((b) => b.caregiverId === s.caregiverId);
      const done = mine.filter((b) => b.status === 'completed');
      expect(s.totalBookings).toBe(mine.length);
      expect(s.completedBookings).toBe(done.length);
      expect(s.totalHours).toBe(done.reduce((n, b) => n + b.duration, 0));
      expect(Number(s.totalEarnings)).toBe(done.reduce((n, b) => n + Number(b.hourlyRate) * b.duration, 0));
      expect(s.longestStreak).toBeGreaterThanOrEqual(s.streakDays);
    }
  });

  it('awards badges by their criteria and counts their points', async () => {
    const catalog = await db().select().from(badges);
    expect(catalog.length).toBeGreaterThanOrEqual(12);
    expect(new Set(catalog.map((b) => b.rarity))).toEqual(new Set(['common', 'rare', 'epic', 'legendary']));
    const earned = await db().select().from(caregiverBadges);
    const stats = await db().select().from(caregiverStats);
    const points = new Map(catalog.map((b) => [b.id, b.points]));
    expect(earned.some((b) => b.isCompleted)).toBe(true);
    expect(earned.some((b) => !b.isCompleted)).toBe(true);
    for (const b of earned) {
      expect(b.progress).toBeGreaterThanOrEqual(0);
      expect(b.progress).toBeLessThanOrEqual(100);
      expect(b.isCompleted).toBe(b.progress === 100);
      expect(b.earnedAt !== null).toBe(b.isCompleted);
      if (b.earnedAt) expect(b.earnedAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    for (const s of stats) {
      const sum = earned
        .filter((b) => b.caregiverId === s.caregiverId && b.isCompleted)
        .reduce((n, b) => n + (points.get(b.badgeId) ?? 0), 0);
      expect(s.badgePoints).toBe(sum);
    }
  });

  it('has messages between families and caregivers, some unread, with readAt exactly when read', async () => {
    const rows = await db().select().from(messages);
    const people = new Map((await db().select().from(users)).map((u) => [u.id, u]));
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.some((m) => !m.isRead)).toBe(true);
    for (const m of rows) {
      expect(m.readAt !== null).toBe(m.isRead);
      if (m.readAt) expect(m.readAt.getTime()).toBeGreaterThanOrEqual(m.createdAt.getTime());
      expect(m.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      const types = [people.get(m.senderId)?.userType, people.get(m.receiverId)?.userType].sort();
      expect(types).toEqual(['caregiver', 'family']);
      expect(m.content).not.toMatch(/\{\w+\}/);
    }
  });

  it('uses only demo email addresses, stored lowercase, and valid Jamaican phone numbers', async () => {
    const rows = await db().select().from(users);
    for (const u of rows) {
      expect(u.email).toBe(u.email.toLowerCase());
      expect(u.email).toMatch(/^[a-z0-9.+-]+@(yaadcare\.jm|demo\.yaadcare\.jm|example\.test)$/);
      if (u.phone) expect(parsePhoneNumberFromString(u.phone)?.isValid(), u.phone).toBe(true);
      expect(u.password).toBe(passwordHash);
    }
  });

  it('offers the documented demo logins, and the demo nanny has a full history', async () => {
    const rows = await db().select().from(users);
    for (const login of DEMO_LOGINS) {
      const u = rows.find((r) => r.email === login.email);
      expect(u?.userType).toBe(login.role);
      expect(await verifyPassword(u?.password ?? '', login.password)).toBe(true);
    }
    const [nanny] = await db()
      .select({ c: caregivers, u: users })
      .from(caregivers)
      .innerJoin(users, eq(users.id, caregivers.userId))
      .where(eq(users.email, 'caregiver@yaadcare.jm'));
    expect(nanny.u.location).toBe('Kingston');
    expect(nanny.u.isVerified).toBe(true);
    expect(nanny.c.kinds).toContain('child-care');
    expect(nanny.c.totalReviews).toBeGreaterThan(5);
    const theirs = await db().select().from(bookings).where(eq(bookings.caregiverId, nanny.c.id));
    expect(new Set(theirs.map((b) => b.status)).size).toBe(6);
    const family = rows.find((r) => r.email === 'family@yaadcare.jm')!;
    expect(theirs.some((b) => b.familyId === family.id && b.status === 'confirmed')).toBe(true);
    const inbox = await db().select().from(messages).where(eq(messages.receiverId, nanny.u.id));
    expect(inbox.some((m) => !m.isRead)).toBe(true);
    const familyInbox = await db().select().from(messages).where(eq(messages.receiverId, family.id));
    expect(familyInbox.some((m) => !m.isRead)).toBe(true);
  });

  it('does nothing when the database already has users', async () => {
    const before = await db().select({ n: count() }).from(users);
    expect(await seedDemoDataIfEmpty(database.db, { passwordHash })).toBeNull();
    expect(await seedBadgeCatalog(database.db)).toBe(0);
    const after = await db().select({ n: count() }).from(users);
    expect(after[0].n).toBe(before[0].n);
    expect((await db().select({ n: count() }).from(badges))[0].n).toBe(BADGE_CATALOG.length);
  });

  it('is deterministic: another database gets the same people and words', async () => {
    const other = await openDatabase({ kind: 'pglite-memory' });
    try {
      await seedDemoData(other.db, { passwordHash, now });
      const pick = (d: Database['db']) =>
        d
          .select({ email: users.email, first: users.firstName, last: users.lastName, town: users.location })
          .from(users)
          .orderBy(asc(users.id));
      expect(await pick(other.db)).toEqual(await pick(database.db));
      const bios = (d: Database['db']) =>
        d.select({ bio: caregivers.bio }).from(caregivers).orderBy(asc(caregivers.id));
      expect(await bios(other.db)).toEqual(await bios(database.db));
    } finally {
      await other.close();
    }
  });
});

describe('badge criteria', () => {
  it('parses every catalog rule', () => {
    for (const b of BADGE_CATALOG) expect(parseBadgeCriteria(b.criteria).length).toBeGreaterThan(0);
    expect(() => parseBadgeCriteria('bookings>10')).toThrow();
  });

  it('measures progress toward a rule', () => {
    const m = {
      completed_bookings: 5,
      total_bookings: 6,
      total_hours: 30,
      total_reviews: 4,
      five_star_reviews: 3,
      average_rating: 4.9,
      experience_years: 3,
      verified: 1,
      safety_certifications: 2,
      response_time: 60,
      responses: 6,
      longest_streak: 3,
      profile_complete: 1,
    };
    expect(badgeProgress('completed_bookings>=10', m)).toBe(50);
    expect(badgeProgress('completed_bookings>=5', m)).toBe(100);
    expect(badgeProgress('average_rating>=4.8 && total_reviews>=5', m)).toBe(80);
    expect(badgeProgress('response_time<=30 && responses>=3', m)).toBe(50);
  });
});

describe('bulk caregivers', () => {
  it('adds generated caregivers with users and stats, and can run twice', async () => {
    const bulk = await openDatabase({ kind: 'pglite-memory' });
    try {
      const seen: number[] = [];
      await seedBulkCaregivers(bulk.db, 2000, {
        passwordHash,
        runId: 'test1',
        onProgress: (done) => seen.push(done),
      });
      expect(seen).toEqual([1000, 2000]);
      await seedBulkCaregivers(bulk.db, 300, { passwordHash, runId: 'test2', batchSize: 128 });
      const n = async (table: typeof users | typeof caregivers | typeof caregiverStats) =>
        (await bulk.db.select({ n: count() }).from(table))[0].n;
      expect(await n(users)).toBe(2300);
      expect(await n(caregivers)).toBe(2300);
      expect(await n(caregiverStats)).toBe(2300);
      const rows = await bulk.db
        .select({ c: caregivers, u: users, s: caregiverStats })
        .from(caregivers)
        .innerJoin(users, eq(users.id, caregivers.userId))
        .innerJoin(caregiverStats, eq(caregiverStats.caregiverId, caregivers.id));
      expect(rows.length).toBe(2300);
      expect(new Set(rows.map((r) => r.u.parish))).toEqual(new Set(PARISHES));
      expect(new Set(rows.flatMap((r) => r.c.kinds))).toEqual(new Set(CAREGIVER_KIND_VALUES));
      for (const { c, u, s } of rows) {
        expect(u.email).toMatch(/^bulk-test[12]-\d+@example\.test$/);
        expect(u.userType).toBe('caregiver');
        expect(findTown(u.location ?? '')?.parish).toBe(u.parish);
        expect(u.profileImageUrl?.replace('/avatars/', '')).toMatch(AVATAR_FILE_PATTERN);
        for (const name of [u.firstName, u.lastName])
          expect(fileLetters(u.profileImageUrl ?? '')).not.toContain(letters(name));
        expect(c.kinds.length).toBeGreaterThanOrEqual(1);
        expect(Array.isArray(c.skills) && c.skills.length > 0).toBe(true);
        expect(Number(c.averageRating)).toBeLessThanOrEqual(5);
        expect(c.totalReviews === 0).toBe(Number(c.averageRating) === 0);
        expect(s.completedBookings).toBeGreaterThanOrEqual(c.totalReviews);
        expect(s.totalBookings).toBeGreaterThanOrEqual(s.completedBookings);
        expect(Number(s.totalEarnings)).toBe(s.totalHours * Number(c.hourlyRate));
      }
    } finally {
      await bulk.close();
    }
    // A fresh database, migrated, then two bulk seeds: slow when other test files share the 2 cores.
  }, 120_000);

  it('rejects a negative or fractional count', async () => {
    await expect(seedBulkCaregivers(database.db, -1, { passwordHash })).rejects.toThrow(RangeError);
    await expect(seedBulkCaregivers(database.db, 1.5, { passwordHash })).rejects.toThrow(RangeError);
  });
});
