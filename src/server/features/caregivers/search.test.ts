import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PARISHES } from '../../../shared/catalog';
import { caregivers, users } from '../../db/schema';
import { createApprovedVerification, createCaregiver, createUser } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';

/*
 * Six listed caregivers, A to F in id order, and three hidden ones. Expected orders are written out:
 *   relevance/rating (rating ↓, reviews ↓, id ↓): A C F B D E   (A, C 4.90; F, B 4.50 with 12 reviews each)
 *   rate_asc (rate ↑, id ↑):                      E C D F A B   (D, F both 1200)
 *   rate_desc (rate ↓, id ↓):                     B A F D C E
 *   experience (years ↓, rating ↓, …):            B C A F D E   (F, D both 5 years)
 */
const LISTED = {
  A: {
    user: {
      firstName: 'Shanique',
      lastName: 'Williams',
      location: 'Kingston',
      parish: 'Kingston',
      isVerified: true,
    },
    hourlyRate: 1500,
    experience: 8,
    averageRating: 4.9,
    totalReviews: 30,
    kinds: ['child-care', 'babysitters'],
    skills: ['Infant Care', 'Meal Preparation'],
    certifications: ['CPR Certified', 'First Aid Certified'],
    availability: ['Weekdays', 'Mornings'],
    bio: 'Warm and playful nanny for babies and toddlers.',
  },
  B: {
    user: { firstName: 'Marlon', lastName: 'Brown', location: 'Montego Bay', parish: 'St. James' },
    hourlyRate: 2500,
    experience: 12,
    averageRating: 4.5,
    totalReviews: 12,
    kinds: ['maintenance'],
    skills: ['Transportation'],
    certifications: [],
    availability: ['Weekends', 'Available Now'],
    bio: 'Handy with plumbing, carpentry and painting.',
  },
  C: {
    user: {
      firstName: 'Tanisha',
      lastName: 'campbell',
      location: 'Half Way Tree',
      parish: 'St. Andrew',
      isVerified: true,
    },
    hourlyRate: 900,
    experience: 10,
    averageRating: 4.9,
    totalReviews: 8,
    kinds: ['tutors'],
    skills: ['Homework Help', 'Educational Support'],
    certifications: ['Teaching Credential'],
    availability: ['Evenings', 'Afternoons'],
    bio: 'Patient tutor for maths and English.',
  },
  D: {
    user: {
      firstName: 'Andre',
      lastName: 'Clarke',
      location: 'Spanish Town',
      parish: 'St. Catherine',
      isVerified: true,
    },
    hourlyRate: 1200,
    experience: 5,
    averageRating: 4.2,
    totalReviews: 5,
    kinds: ['senior-care'],
    skills: ['Meal Preparation', 'Light Housekeeping'],
    certifications: ['CPR Certified', 'Nursing Assistant'],
    availability: ['Overnight', 'Weekdays'],
    bio: 'Gentle senior care and companionship.',
  },
  E: {
    user: { firstName: 'Keisha', lastName: 'Reid', location: 'New Kingston', parish: 'St. Andrew' },
    hourlyRate: 700,
    experience: 1,
    averageRating: 0,
    totalReviews: 0,
    kinds: ['housekeepers', 'janitors'],
    skills: ['Cooking', 'Light Housekeeping'],
    certifications: [],
    availability: ['Weekdays', 'Flexible hours'],
    bio: 'Spotless homes, every time.',
  },
  F: {
    user: { firstName: 'Odane', lastName: 'Thompson', location: 'Ocho Rios', parish: 'St. Ann' },
    hourlyRate: 1200,
    experience: 5,
    averageRating: 4.5,
    totalReviews: 12,
    kinds: ['special-needs', 'child-care'],
    skills: ['Special Needs Care', 'Sign Language'],
    certifications: ['First Aid Certified'],
    availability: ['Weekends', 'Evenings', 'Emergency/On-call'],
    bio: 'Calm support for children with autism.',
  },
} as const;
type Key = keyof typeof LISTED;

/** Would top every list (5 stars, Kingston, child care) if they were listed. */
const HIDDEN = {
  unavailable: { isAvailable: false },
  inactive: { isActive: false },
  suspended: { suspendedAt: new Date('2025-01-01T00:00:00Z') },
} as const;

describe.each(DB_KINDS)('caregiver search on %s', (kind) => {
  const t = useTestApp(kind);
  const ids = {} as Record<Key, number>;
  const keyOf = new Map<number, Key>();
  const hiddenIds = {} as Record<keyof typeof HIDDEN, number>;
  const emails: string[] = [];
  const phones = [
    '+18765550101',
    '+18765550102',
    '+18765550103',
    '+18765550104',
    '+18765550105',
    '+18765550106',
  ];

  beforeAll(async () => {
    let i = 0;
    for (const [key, c] of Object.entries(LISTED) as [Key, (typeof LISTED)[Key]][]) {
      const { caregiver, user } = await createCaregiver(t.database.db, {
        ...c,
        user: { ...c.user, phone: phones[i++] },
        skills: [...c.skills],
        certifications: [...c.certifications],
        availability: [...c.availability],
        kinds: [...c.kinds],
      });
      if ('isVerified' in c.user) await createApprovedVerification(t.database.db, user.id);
      ids[key] = caregiver.id;
      keyOf.set(caregiver.id, key);
      emails.push(user.email);
    }
    for (const [name, h] of Object.entries(HIDDEN) as [keyof typeof HIDDEN, Record<string, unknown>][]) {
      const { caregiver } = await createCaregiver(t.database.db, {
        user: {
          firstName: `Hidden${name}`,
          location: 'Kingston',
          parish: 'Kingston',
          suspendedAt: (h.suspendedAt as Date | undefined) ?? null,
        },
        averageRating: 5,
        totalReviews: 99,
        kinds: ['child-care'],
        skills: ['Infant Care'],
        certifications: ['CPR Certified'],
        availability: ['Weekdays', 'Available Now'],
        bio: 'Warm nanny.',
        isActive: (h.isActive as boolean | undefined) ?? true,
        isAvailable: (h.isAvailable as boolean | undefined) ?? true,
      });
      hiddenIds[name] = caregiver.id;
    }
    // A family is no caregiver, whatever it matches.
    await createUser(t.database.db, { firstName: 'Shanique', location: 'Kingston', parish: 'Kingston' });
  });

  async function search(query = '') {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/caregivers/search${query ? `?${query}` : ''}`,
    });
    const body = res.json();
    return {
      status: res.statusCode,
      body,
      keys:
        res.statusCode === 200
          ? (body as { id: number }[]).map((c) => keyOf.get(c.id) ?? `#${c.id}`).join(' ')
          : '',
      total: Number(res.headers['x-total-count']),
      exact: res.headers['x-total-count-exact'],
      message: (body as { message?: string }).message,
    };
  }

  /** The keys a query lists, in order, checking X-Total-Count on the way. */
  async function keys(query: string) {
    const r = await search(query);
    expect(r.status, `${query}: ${r.message}`).toBe(200);
    expect(r.total, `${query}: X-Total-Count`).toBe(r.body.length);
    expect(r.exact).toBe('true');
    return r.keys;
  }

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

  describe('each filter alone', () => {
    it.each([
      ['location: a town', 'location=Ocho Rios', 'F'],
      ['location: a parish', 'location=St. Andrew', 'C E'],
      ['location: a parish and its town of the same name', 'location=Kingston', 'A'],
      ['location: any letter case', 'location=kINGSTON', 'A'],
      ['location: "St Andrew" without the dot', 'location=st andrew', 'C E'],
      ['location: a prefix of a town', 'location=ocho', 'F'],
      ['location: a prefix of a parish', 'location=kingst', 'A'],
      ['location: a town of the catalog where nobody lives', 'location=Negril', ''],
      ['location: no catalog name', 'location=Atlantis', ''],
      ['location: LIKE wildcards are literal', 'location=%25', ''],
      ['minRate', 'minRate=1000', 'A F B D'],
      ['maxRate', 'maxRate=1200', 'C F D E'],
      ['minRate = maxRate', 'minRate=1200&maxRate=1200', 'F D'],
      ['experience (minimum years)', 'experience=5', 'A C F B D'],
      ['experience 0 means any', 'experience=0', 'A C F B D E'],
      ['skills: one', 'skills=Light Housekeeping', 'D E'],
      ['skills: a certification counts', 'skills=CPR Certified', 'A D'],
      ['skills: every one must match', 'skills=CPR Certified,Infant Care', 'A'],
      ['skills: skill and certification together', 'skills=CPR Certified,Meal Preparation', 'A D'],
      ['skills: any letter case', 'skills=cpr certified', 'A D'],
      ['skills: a value outside the catalog', 'skills=Sign Language', 'F'],
      ['skills: catalog and other values together', 'skills=Sign Language,First Aid Certified', 'F'],
      ['skills: none has both', 'skills=Cooking,Teaching Credential', ''],
      ['availability: one', 'availability=Weekdays', 'A D E'],
      ['availability: any one matches', 'availability=Evenings,Overnight', 'C F D'],
      ['availability: a value outside the catalog', 'availability=Flexible hours', 'E'],
      ['availability: catalog or other', 'availability=Flexible hours,Overnight', 'D E'],
      ['type', 'type=child-care', 'A F'],
      ['type: a kind only one offers', 'type=maintenance', 'B'],
      ["type: the search bar's 'housekeeping'", 'type=housekeeping', 'E'],
      ["type: the home page's 'all-services'", 'type=all-services', 'A C F B D E'],
      ['type: nobody offers it', 'type=babysitters&maxRate=1000', ''],
      ['parish', 'parish=St. Andrew', 'C E'],
      ['parish: any letter case', 'parish=st. andrew', 'C E'],
      ['parish: nobody there', 'parish=Hanover', ''],
      ['verified=true', 'verified=true', 'A C D'],
      ['verified=false means any', 'verified=false', 'A C F B D E'],
      ['q: a word of the bio', 'q=plumbing', 'B'],
      ['q: a surname', 'q=Thompson', 'F'],
      ['q: a first name, any case', 'q=TANISHA', 'C'],
      ['q: a misspelt surname', 'q=Tompson', 'F'],
      ['q: a misspelt word', 'q=carpentery', 'B'],
      ['q: a kind label', 'q=handyman', 'B'],
      ['q: a certification', 'q=CPR', 'A D'],
      ['q: a skill outside the catalog', 'q=sign language', 'F'],
      ['q: stemming (nannies → nanny)', 'q=nannies', 'A F'],
      ['q: every word must match', 'q=nanny toddlers', 'A'],
      ['q: only stop words filters nothing', 'q=the', 'A C F B D E'],
      ['q: only punctuation filters nothing', 'q=%21%21%21', 'A C F B D E'],
      ['q: matches nothing', 'q=xylophone', ''],
    ])('%s (%s)', async (_label, query, expected) => {
      expect(await keys(query)).toBe(expected);
    });

    it("q: ranks the best text matches first (the name outranks the bio's mention)", async () => {
      // 'Campbell' is C's surname; nobody else's text has it, so relevance is the only order here…
      expect(await keys('q=campbell')).toBe('C');
      // …'nanny': A has it in the kind label and the bio, F only in the kind label.
      expect(await keys('q=nanny')).toBe('A F');
      expect(await keys('q=nanny&sort=rate_asc')).toBe('F A');
    });
  });

  describe('filters combined', () => {
    it.each([
      ['location + rate', 'location=St. Andrew&minRate=800&maxRate=1000', 'C'],
      ['skills + availability', 'skills=Light Housekeeping&availability=Weekdays,Evenings', 'D E'],
      [
        'skills + availability + maxRate',
        'skills=Light Housekeeping&availability=Weekdays&maxRate=1000',
        'E',
      ],
      ['type + parish', 'type=child-care&parish=St. Ann', 'F'],
      ['type + parish, nobody', 'type=tutors&parish=Kingston', ''],
      ['parish + verified', 'parish=St. Andrew&verified=true', 'C'],
      ['location + parish that disagree', 'location=Kingston&parish=St. Andrew', ''],
      ['q + type', 'q=care&type=senior-care', 'D'],
      ['q + location', 'q=nanny&location=Ocho Rios', 'F'],
      ['experience + skills + verified', 'experience=5&skills=CPR Certified&verified=true', 'A D'],
      [
        'everything at once',
        'location=Kingston&minRate=1000&maxRate=2000&experience=3&skills=CPR Certified&availability=Mornings&type=child-care&parish=Kingston&q=nanny&verified=true&sort=rating',
        'A',
      ],
    ])('%s (%s)', async (_label, query, expected) => {
      expect(await keys(query)).toBe(expected);
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

  describe('bad parameters', () => {
    it.each([
      ['minRate=abc', 'minRate must be a number'],
      ['maxRate=12.5', 'maxRate must be a whole number of JMD'],
      ['minRate=-5', 'minRate must be 0 or more'],
      ['minRate=2000&maxRate=1000', 'minRate must not be above maxRate'],
      ['experience=-1', 'experience must be 0 or more'],
      ['experience=abc', 'experience must be a number'],
      ['limit=1000', 'limit must be at most 50'],
      ['limit=0', 'limit must be at least 1'],
      ['limit=abc', 'limit must be a number'],
      ['offset=-1', 'offset must be 0 or more'],
      ['offset=100001', 'offset is too large'],
      ['parish=Atlantis', 'Unknown parish'],
      ['type=plumbers', 'Unknown caregiver type'],
      ['sort=random', 'sort must be one of'],
      ['verified=yes', ''],
      ['urgent=1', ''],
      [`q=${'x'.repeat(201)}`, ''],
      [`location=${'x'.repeat(101)}`, ''],
      [`skills=${Array.from({ length: 21 }, (_, i) => `s${i}`).join(',')}`, 'At most 20 values'],
      ['minRate=1&minRate=2', ''],
    ])('%s → 400 with a message', async (query, message) => {
      const r = await search(query);
      expect(r.status).toBe(400);
      expect(r.message).toEqual(expect.any(String));
      expect(r.message).toContain(message);
    });
  });

  describe('counts', () => {
    it('counts listed caregivers per kind: all 8 kinds in catalog order, 0 included', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/caregivers/kinds' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { kind: 'child-care', count: 2 },
        { kind: 'babysitters', count: 1 },
        { kind: 'tutors', count: 1 },
        { kind: 'senior-care', count: 1 },
        { kind: 'special-needs', count: 1 },
        { kind: 'housekeepers', count: 1 },
        { kind: 'janitors', count: 1 },
        { kind: 'maintenance', count: 1 },
      ]);
    });

    it('counts per parish: all 14 in catalog order, 0 included', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/caregivers/parish-counts' });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { parish: string; count: number }[];
      expect(body.map((p) => p.parish)).toEqual([...PARISHES]);
      expect(Object.fromEntries(body.filter((p) => p.count).map((p) => [p.parish, p.count]))).toEqual({
        Kingston: 1,
        'St. Andrew': 2,
        'St. James': 1,
        'St. Catherine': 1,
        'St. Ann': 1,
      });
    });

    it('counts per parish with the search filters', async () => {
      const counts = async (query: string) => {
        const res = await t.app.inject({ method: 'GET', url: `/api/caregivers/parish-counts?${query}` });
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as { parish: string; count: number }[];
        expect(body).toHaveLength(14);
        return Object.fromEntries(body.filter((p) => p.count).map((p) => [p.parish, p.count]));
      };
      expect(await counts('type=child-care')).toEqual({ Kingston: 1, 'St. Ann': 1 });
      expect(await counts('skills=Light Housekeeping&maxRate=1500')).toEqual({
        'St. Andrew': 1,
        'St. Catherine': 1,
      });
      expect(await counts('q=tutor')).toEqual({ 'St. Andrew': 1 });
      expect(await counts('location=st andrew&verified=true')).toEqual({ 'St. Andrew': 1 });
      expect(await counts('q=xylophone')).toEqual({});
    });

    it('refuses bad parish-count filters with 400', async () => {
      for (const q of ['minRate=abc', 'minRate=5&maxRate=1', 'type=plumbers', 'experience=-1']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/caregivers/parish-counts?${q}` });
        expect(res.statusCode, q).toBe(400);
        expect(res.json().message).toEqual(expect.any(String));
      }
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
