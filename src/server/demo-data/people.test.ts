import { asc, count, eq } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { describe, expect, it } from 'vitest';
import {
  AVAILABILITY_SLOTS,
  CAREGIVER_KIND_VALUES,
  CERTIFICATIONS,
  FILTER_AVAILABILITY,
  FILTER_SKILLS,
  findTown,
  ONBOARDING_SKILLS,
  PARISHES,
} from '../../shared/catalog';
import { jamaicaToday } from '../../shared/time';
import type { Database } from '../db/client';
import { badges, bookings, caregivers, fxRates, messages, users, verifications } from '../db/schema';
import { verifyPassword } from '../features/auth/passwords';
import { AVATAR_FILE_PATTERN } from '../features/avatars/avatar';
import { openTestDatabase } from '../test/harness';
import { BADGE_CATALOG, seedBadgeCatalog } from './badges';
import { KIND_PROFILES } from './content';
import { DEMO_LOGINS, seedDemoData, seedDemoDataIfEmpty } from './index';
import { fileLetters, letters, seedDemoForThisFile } from './testing';

/** The demo data set's people: caregivers, families, the admin, their accounts and verifications; seeding it. */

const demo = seedDemoForThisFile();
const { db, allCaregivers, now } = demo;

describe('demo data set', () => {
  it('has 60+ caregivers over all 14 parishes and all 8 kinds, 10+ families and one admin', async () => {
    expect(demo.summary).not.toBeNull();
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
    expect(demo.summary?.caregivers).toBe(rows.length);
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

  it('uses only demo email addresses, stored lowercase, and valid Jamaican phone numbers', async () => {
    const rows = await db().select().from(users);
    for (const u of rows) {
      expect(u.email).toBe(u.email.toLowerCase());
      expect(u.email).toMatch(/^[a-z0-9.+-]+@(yaadcare\.jm|demo\.yaadcare\.jm|example\.test)$/);
      if (u.phone) expect(parsePhoneNumberFromString(u.phone)?.isValid(), u.phone).toBe(true);
      expect(u.password).toBe(demo.passwordHash);
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

  it('keeps exchange rates for payers abroad, entered by the admin the day before it was seeded', async () => {
    const rates = await db().select().from(fxRates).orderBy(asc(fxRates.currency));
    const yesterday = new Date(`${jamaicaToday(now)}T12:00:00Z`).getTime() - 86_400_000;
    const [admin] = await db().select().from(users).where(eq(users.userType, 'admin'));
    expect(rates.map((r) => r.currency)).toEqual(['CAD', 'EUR', 'GBP', 'USD']);
    for (const r of rates) {
      expect(r.rateDate).toBe(new Date(yesterday).toISOString().slice(0, 10));
      expect(r.updatedBy).toBe(admin.id);
      expect(Number(r.jmdPerUnit)).toBeGreaterThan(100);
      expect(Number(r.jmdPerUnit)).toBeLessThan(250);
    }
  });

  it('does nothing when the database already has users', async () => {
    const before = await db().select({ n: count() }).from(users);
    expect(await seedDemoDataIfEmpty(demo.database.db, { passwordHash: demo.passwordHash })).toBeNull();
    expect(await seedBadgeCatalog(demo.database.db)).toBe(0);
    const after = await db().select({ n: count() }).from(users);
    expect(after[0].n).toBe(before[0].n);
    expect((await db().select({ n: count() }).from(badges))[0].n).toBe(BADGE_CATALOG.length);
  });

  it('is deterministic: another database gets the same people and words', async () => {
    const other = await openTestDatabase('pglite');
    try {
      await seedDemoData(other.db, { passwordHash: demo.passwordHash, now });
      const pick = (d: Database['db']) =>
        d
          .select({ email: users.email, first: users.firstName, last: users.lastName, town: users.location })
          .from(users)
          .orderBy(asc(users.id));
      expect(await pick(other.db)).toEqual(await pick(demo.database.db));
      const bios = (d: Database['db']) =>
        d.select({ bio: caregivers.bio }).from(caregivers).orderBy(asc(caregivers.id));
      expect(await bios(other.db)).toEqual(await bios(demo.database.db));
    } finally {
      await other.close();
    }
  });
});
