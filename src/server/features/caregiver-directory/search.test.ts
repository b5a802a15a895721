import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { caregivers, users } from '../../db/schema';
import { createApprovedVerification, createCaregiver } from '../../test/factories';
import { DB_KINDS } from '../../test/harness';
import { useSearchFixture } from './search-test-fixtures';

describe.each(DB_KINDS)('caregiver search on %s', (kind) => {
  const { t, ids, hiddenIds, emails, phones, search, keys } = useSearchFixture(kind);

  describe('without filters', () => {
    it('lists only listed caregivers, best rated first, in the public shape', async () => {
      const r = await search();
      expect(r.status).toBe(200);
      expect(r.keys).toBe('A C F B D E');
      expect(r.total).toBe(6);
      expect(r.exact).toBe('true');
      expect(r.body[0]).toEqual({
        id: ids.A,
        user: {
          firstName: 'Shanique',
          lastName: 'W',
          profileImageUrl: null,
          location: 'Kingston',
        },
        parish: 'Kingston',
        kinds: ['child-care', 'babysitters'],
        isVerified: true,
        bio: 'Warm and playful nanny for babies and toddlers.',
        experience: 8,
        hourlyRate: '1500.00',
        averageRating: '4.90',
        totalReviews: 30,
        skills: ['Infant Care', 'Meal Preparation'],
        certifications: ['CPR Certified', 'First Aid Certified'],
        availability: ['Weekdays', 'Mornings'],
        verifiedFacts: ['identity', 'address', 'background_check', 'references', 'phone'].map((kind) => ({
          kind,
          verifiedAt: expect.any(String),
        })),
        nextAvailableAt: expect.any(String),
      });
    });

    it('shows last names as a capital initial, whatever their case', async () => {
      const r = await search('q=campbell');
      expect(r.body[0].user.lastName).toBe('C');
    });

    it('never shows email, phone or other private fields', async () => {
      const r = await search();
      const json = JSON.stringify(r.body);
      for (const e of emails) expect(json).not.toContain(e);
      for (const p of phones) expect(json).not.toContain(p.slice(2));
      expect(json).not.toMatch(/"(email|phone|password|documents?|suspendedAt|userId)":/);
    });
  });

  describe('hidden caregivers', () => {
    it.each([
      ['"available for bookings" off', 'unavailable'],
      ['inactive', 'inactive'],
      ['suspended', 'suspended'],
    ] as const)('a caregiver who is %s is in no search, however it filters', async (_label, which) => {
      const id = hiddenIds[which];
      for (const q of [
        '',
        'location=Kingston',
        'type=child-care',
        'q=nanny',
        'skills=Infant Care',
        'urgent=true',
      ]) {
        const r = await search(q);
        expect(
          r.body.map((c: { id: number }) => c.id),
          q,
        ).not.toContain(id);
      }
    });

    it('leaves them out of the kind and parish counts', async () => {
      const kinds = (await t.app.inject({ method: 'GET', url: '/api/caregivers/kinds' })).json();
      expect(kinds.find((k: { kind: string }) => k.kind === 'child-care').count).toBe(2);
      const parishes = (await t.app.inject({ method: 'GET', url: '/api/caregivers/parish-counts' })).json();
      expect(parishes.find((p: { parish: string }) => p.parish === 'Kingston').count).toBe(1);
    });
  });

  describe('sorting', () => {
    it.each([
      ['relevance (default): rating, then reviews, then newest id', '', 'A C F B D E'],
      ['relevance', 'sort=relevance', 'A C F B D E'],
      ['rating', 'sort=rating', 'A C F B D E'],
      ['rate_asc (ties: older first)', 'sort=rate_asc', 'E C D F A B'],
      ['rate_desc (ties: newer first)', 'sort=rate_desc', 'B A F D C E'],
      ['experience (ties: better rated first)', 'sort=experience', 'B C A F D E'],
      ['a sort with a filter', 'sort=rate_asc&availability=Weekdays', 'E D A'],
    ])('%s', async (_label, query, expected) => {
      expect(await keys(query)).toBe(expected);
    });
  });

  describe('paging', () => {
    it.each(['relevance', 'rating', 'rate_asc', 'rate_desc', 'experience'])(
      'pages of 2 by %s add up to the whole list, no repeats, same total on every page',
      async (sort) => {
        const whole = await keys(`sort=${sort}`);
        const pages: string[] = [];
        for (let offset = 0; offset < 6; offset += 2) {
          const r = await search(`sort=${sort}&limit=2&offset=${offset}`);
          expect(r.body).toHaveLength(2);
          expect(r.total).toBe(6);
          pages.push(r.keys);
        }
        expect(pages.join(' ')).toBe(whole);
      },
    );

    it('pages q results (relevance order) without repeats', async () => {
      const whole = await keys('q=care');
      const pages: string[] = [];
      for (let offset = 0; offset < 10; offset += 1) {
        const r = await search(`q=care&limit=1&offset=${offset}`);
        if (r.body.length) pages.push(r.keys);
      }
      expect(pages.join(' ')).toBe(whole);
      expect(new Set(pages).size).toBe(pages.length);
    });

    it('answers past the end with no rows and the total', async () => {
      const r = await search('offset=6');
      expect(r.status).toBe(200);
      expect(r.body).toEqual([]);
      expect(r.total).toBe(6);
      expect(r.exact).toBe('true');
    });

    it('defaults to 24 a page and allows 50', async () => {
      expect((await search('limit=50')).status).toBe(200);
      expect((await search('limit=1')).body).toHaveLength(1);
    });
  });

  it('keeps a searchable copy of the owner in step with the users row', async () => {
    // Moving house, a name change and verification show in search at once (trigger, migration 0003).
    const db = t.database.db;
    const { caregiver, user } = await createCaregiver(db, {
      user: { firstName: 'Petal', lastName: 'Gayle', location: 'Negril', parish: 'Westmoreland' },
      kinds: ['janitors'],
    });
    expect((await search('location=Negril')).body.map((c: { id: number }) => c.id)).toEqual([caregiver.id]);
    await db
      .update(users)
      .set({ location: 'Lucea', parish: 'Hanover', lastName: 'Morrison', isVerified: true })
      .where(eq(users.id, user.id));
    await createApprovedVerification(db, user.id);
    expect((await search('location=Negril')).body).toEqual([]);
    expect(
      (await search('location=Lucea&verified=true&q=morrison')).body.map((c: { id: number }) => c.id),
    ).toEqual([caregiver.id]);
    // Suspension and the switches hide; lifting them lists again.
    const listed = async () => (await search('parish=Hanover')).body.length;
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    expect(await listed()).toBe(0);
    await db.update(users).set({ suspendedAt: null }).where(eq(users.id, user.id));
    expect(await listed()).toBe(1);
    await db.update(caregivers).set({ isAvailable: false }).where(eq(caregivers.id, caregiver.id));
    expect(await listed()).toBe(0);
    await db
      .update(caregivers)
      .set({ isAvailable: true, isActive: false })
      .where(eq(caregivers.id, caregiver.id));
    expect(await listed()).toBe(0);
    // Clean up: the other tests count six listed caregivers.
    await db.delete(caregivers).where(eq(caregivers.id, caregiver.id));
  });
});
