import { beforeAll, expect } from 'vitest';
import { createApprovedVerification, createCaregiver, createUser } from '../../test/factories';
import { type DbKind, useTestApp } from '../../test/harness';

/*
 * Six listed caregivers, A to F in id order, and three hidden ones. Expected orders are written out:
 *   relevance/rating (rating ↓, reviews ↓, id ↓): A C F B D E   (A, C 4.90; F, B 4.50 with 12 reviews each)
 *   rate_asc (rate ↑, id ↑):                      E C D F A B   (D, F both 1200)
 *   rate_desc (rate ↓, id ↓):                     B A F D C E
 *   experience (years ↓, rating ↓, …):            B C A F D E   (F, D both 5 years)
 */
export const LISTED = {
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
export type Key = keyof typeof LISTED;

/** Would top every list (5 stars, Kingston, child care) if they were listed. */
export const HIDDEN = {
  unavailable: { isAvailable: false },
  inactive: { isActive: false },
  suspended: { suspendedAt: new Date('2025-01-01T00:00:00Z') },
} as const;

/**
 * A test app with the six listed and three hidden caregivers above (and a family), and the search as the
 * tests read it: the listed keys in order ('A C F B D E') with the total's headers.
 */
export function useSearchFixture(kind: DbKind) {
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

  return { t, ids, hiddenIds, emails, phones, search, keys };
}
