import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isoWeekday } from '../../shared/booking-series';
import { CAREGIVER_KIND_VALUES, type CaregiverKind } from '../../shared/catalog';
import { jamaicaToday } from '../../shared/time';
import {
  availabilityExceptions,
  badges,
  bookings,
  caregiverBadges,
  caregiverStats,
  caregivers,
  messages,
  reviews,
  users,
} from '../db/schema';
import { DEMO_CAREGIVER_EMAIL } from './logins';
import { REVIEW_BODIES, REVIEW_CLOSERS, type ReviewBand, reviewBand, reviewTemplate } from './reviews';
import { seedDemoForThisFile } from './testing';

/**
 * The demo data set's history: bookings, the reviews on them (ratings that add up, words that fit the
 * kind of work and the rating), the stats and badges measured on them, messages.
 */

const { db, allCaregivers, now } = seedDemoForThisFile();

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

describe('demo data set', () => {
  it('has bookings in every status, priced by the 5% fee rule, with matching Jamaica times', async () => {
    const rows = await db().select().from(bookings);
    expect(new Set(rows.map((b) => b.status))).toEqual(
      new Set(['awaiting_approval', 'pending', 'confirmed', 'declined', 'expired', 'cancelled', 'completed']),
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

  it('gives the demo caregiver time off next week, clear of the bookings she holds (ADR 0046)', async () => {
    const [shanique] = (await allCaregivers()).filter(({ u }) => u.email === DEMO_CAREGIVER_EMAIL);
    const away = await db()
      .select()
      .from(availabilityExceptions)
      .where(eq(availabilityExceptions.caregiverId, shanique.c.id));
    expect(away).toHaveLength(1);
    const [t] = away;
    expect(t.kind).toBe('time_off');
    const today = jamaicaToday(now);
    expect(t.fromDate > today).toBe(true);
    expect(isoWeekday(t.fromDate)).toBeLessThanOrEqual(5);
    expect(t.toDate >= t.fromDate).toBe(true);
    const held = await db().select().from(bookings).where(eq(bookings.caregiverId, shanique.c.id));
    for (const b of held.filter((x) => x.status === 'pending' || x.status === 'confirmed'))
      expect(b.date < t.fromDate || b.date > t.toDate).toBe(true);
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
});
