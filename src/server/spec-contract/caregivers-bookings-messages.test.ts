/**
 * The spec's client contract (see testing.ts) for the marketplace: caregiver profiles and search,
 * reviews, bookings in both of the spec's shapes, the dashboards and messages.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { daysAhead } from '../features/bookings/testing';
import { DB_KINDS } from '../test/harness';
import { ok, useSpecClient } from './testing';

describe.each(DB_KINDS)('the spec client contract (docs/product.md#the-api-contract) on %s', (kind) => {
  const { call, send, carer, family, signUp, signups } = useSpecClient(kind);
  const bookingIds: number[] = [];

  // The two accounts, signed up as the sign-up test in accounts.test.ts checks.
  beforeAll(async () => {
    for (const [who, userType, phone] of signups) await signUp(who, userType, phone);
  });

  it('POST /api/caregivers {bio, experience, hourlyRate, skills, certifications, availability} with a Bearer token', async () => {
    ok(
      await send('POST /api/caregivers', carer.token, {
        bio: 'Warm, patient nanny; ten years with families in Montego Bay.',
        experience: 6,
        hourlyRate: '1800',
        skills: ['Infant Care', 'Toddler Care', 'Homework Help'],
        certifications: ['CPR Certified', 'First Aid Certified'],
        availability: ['Monday Morning', 'Wednesday Afternoon', 'Weekends'],
      }),
    );
  });

  it('GET /api/caregivers/user/{userId} → the caregiver profile', async () => {
    const res = ok(await call('GET', `/api/caregivers/user/${carer.userId}`, family.token));
    expect(res.json()).toMatchObject({ id: expect.any(Number), hourlyRate: expect.anything() });
    carer.caregiverId = res.json().id;
  });

  it('GET /api/caregivers/search with no filter (home page) and with each optional filter → a list with the caregiver', async () => {
    for (const query of [
      '',
      '?location=Montego%20Bay',
      '?minRate=1000',
      '?maxRate=2000',
      '?experience=5',
      `?skills=${encodeURIComponent(['Infant Care', 'CPR Certified'].join(','))}`,
      `?availability=${encodeURIComponent(['Weekends', 'Monday Morning'].join(','))}`,
      `?location=Montego%20Bay&minRate=1000&maxRate=2000&experience=5&skills=${encodeURIComponent('Infant Care,Homework Help')}&availability=Weekends`,
    ]) {
      const res = ok(await call('GET', `/api/caregivers/search${query}`, family.token));
      const list = res.json();
      expect(Array.isArray(list), query).toBe(true);
      const found = list.find((c: { id: number }) => c.id === carer.caregiverId);
      expect(found, `search${query}`).toMatchObject({
        id: carer.caregiverId,
        // Public answers show the last name's initial only (a privacy rule); the spec reads the field.
        user: { firstName: 'Odessa', lastName: 'C', location: 'Montego Bay' },
        bio: expect.any(String),
        experience: 6,
        averageRating: expect.any(String),
        totalReviews: 0,
        skills: expect.arrayContaining(['Infant Care']),
        certifications: expect.any(Array),
        availability: expect.any(Array),
      });
      expect(found.user).toHaveProperty('profileImageUrl');
      expect(Number(found.hourlyRate)).toBe(1800);
    }
  });

  it('GET /api/caregivers/{id} → nested user (profile page) and the flat fields (confirmation screen)', async () => {
    const res = ok(await call('GET', `/api/caregivers/${carer.caregiverId}`, family.token));
    const c = res.json();
    expect(c).toMatchObject({
      id: carer.caregiverId,
      // Public answers show the last name's initial only (a privacy rule); the spec reads the field.
      user: { firstName: 'Odessa', lastName: 'C', location: 'Montego Bay' },
      userId: carer.userId,
      firstName: 'Odessa',
      lastName: 'C',
      location: 'Montego Bay',
      isVerified: false,
      experience: 6,
      skills: expect.arrayContaining(['Homework Help']),
    });
    expect(c).toHaveProperty('profileImageUrl');
    expect(Number(c.hourlyRate)).toBe(1800);
  });

  it('GET /api/reviews/caregiver/{id} → a list of reviews', async () => {
    const res = ok(await call('GET', `/api/reviews/caregiver/${carer.caregiverId}`, family.token));
    expect(res.json()).toEqual([]);
  });

  it.each([
    [
      "the profile panel's shape (startTime '9:00 AM', duration, totalCost)",
      'POST /api/bookings (profile panel)',
      () => ({
        familyId: family.userId,
        caregiverId: carer.caregiverId,
        // A week ahead in Jamaica: always in the future, whatever the hour here.
        date: daysAhead(7),
        startTime: '9:00 AM',
        endTime: '11:00 AM',
        duration: 2,
        totalCost: '3780',
        notes: 'Two children, 3 and 6.',
      }),
    ],
    [
      "the confirmation screen's shape (totalHours, hourlyRate, totalAmount, status)",
      'POST /api/bookings (confirmation screen)',
      () => ({
        familyId: family.userId,
        caregiverId: carer.caregiverId,
        date: daysAhead(8),
        startTime: '13:00',
        endTime: '16:00',
        totalHours: 3,
        hourlyRate: 1800,
        totalAmount: 5670,
        notes: '',
        status: 'pending',
      }),
    ],
  ] as const)('POST /api/bookings, %s → id', async (_shape, spec, payload) => {
    const res = ok(await send(spec, family.token, payload()));
    expect(res.json()).toMatchObject({ id: expect.any(Number) });
    bookingIds.push(res.json().id);
  });

  it("GET /api/bookings/family/{userId} → the family's bookings with status, totalCost, date", async () => {
    const res = ok(await call('GET', `/api/bookings/family/${family.userId}`, family.token));
    const list = res.json();
    expect(list.map((b: { id: number }) => b.id).sort()).toEqual([...bookingIds].sort());
    for (const b of list) {
      expect(b).toMatchObject({ status: 'pending', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
      expect(b.totalCost).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it('GET /api/caregiver/dashboard → stats, caregiver, recentBookings (caregivers only)', async () => {
    const res = ok(await call('GET', '/api/caregiver/dashboard', carer.token));
    const d = res.json();
    expect(d).toMatchObject({ caregiver: expect.any(Object), stats: expect.any(Object) });
    expect(d.recentBookings.map((b: { id: number }) => b.id).sort()).toEqual([...bookingIds].sort());
  });

  it('GET /api/caregiver/{caregiverId}/dashboard → caregiver, stats, badges, recentBookings, achievements', async () => {
    const res = ok(await call('GET', `/api/caregiver/${carer.caregiverId}/dashboard`, carer.token));
    const d = res.json();
    expect(d).toMatchObject({
      caregiver: expect.any(Object),
      badges: expect.any(Array),
      recentBookings: expect.any(Array),
      achievements: expect.any(Array),
    });
    for (const stat of [
      'totalEarnings',
      'totalHours',
      'totalBookings',
      'completedBookings',
      'profileViews',
      'favoriteCount',
      'badgePoints',
      'responseTime',
      'streakDays',
      'longestStreak',
      'lastActiveDate',
    ]) {
      expect(d.stats, stat).toHaveProperty(stat);
    }
    expect(d.stats.totalEarnings).toMatch(/^\d+(\.\d+)?$/);
    expect(d.recentBookings[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        status: 'pending',
        date: expect.any(String),
        startTime: expect.any(String),
        endTime: expect.any(String),
        family: expect.objectContaining({ firstName: 'Marcia', lastName: 'Campbell' }),
        rate: expect.any(String),
        hourlyRate: expect.any(String),
        totalHours: expect.any(Number),
      }),
    );
  });

  it('POST /api/messages {senderId, receiverId, content}, then GET /api/messages → a list with isRead', async () => {
    ok(
      await send('POST /api/messages', family.token, {
        senderId: family.userId,
        receiverId: carer.userId,
        content: 'Hello Odessa, are you free next week?',
      }),
    );
    for (const who of [family, carer]) {
      const res = ok(await call('GET', '/api/messages', who.token));
      const list = res.json();
      expect(Array.isArray(list)).toBe(true);
      const sent = list.find(
        (m: { content: string }) => m.content === 'Hello Odessa, are you free next week?',
      );
      expect(sent).toMatchObject({ isRead: expect.any(Boolean) });
    }
  });
});
