import { describe, expect, it } from 'vitest';
import { initial, mayViewProfile } from './public-profile';
import { checkRenderedPage } from './search-page';
import { queryWords, resolveLocation } from './search-query';

describe('resolveLocation', () => {
  it.each([
    ['Kingston', { parishes: ['Kingston'], towns: [] }],
    ['  kINGSTON ', { parishes: ['Kingston'], towns: [] }],
    ['kingst', { parishes: ['Kingston'], towns: [] }],
    ['St. Andrew', { parishes: ['St. Andrew'], towns: [] }],
    ['st andrew', { parishes: ['St. Andrew'], towns: [] }],
    ['St.Andrew', { parishes: ['St. Andrew'], towns: [] }],
    // The town St. Ann's Bay lies in the parish St. Ann: the parish covers it.
    ['St. Ann', { parishes: ['St. Ann'], towns: [] }],
    ['Montego Bay', { parishes: [], towns: ['Montego Bay'] }],
    ['new kingston', { parishes: [], towns: ['New Kingston'] }],
    ['Port', { parishes: ['Portland'], towns: ['Port Maria', 'Portmore'] }],
  ])('%j → %j', (input, expected) => {
    expect(resolveLocation(input)).toEqual(expected);
  });

  it('matches names outside the catalog as a lower-case prefix, spelled as given', () => {
    expect(resolveLocation('Stony Hill')).toEqual({ parishes: [], towns: [], prefix: 'stony hill' });
    expect(resolveLocation('Atlantis  Bay')).toEqual({ parishes: [], towns: [], prefix: 'atlantis bay' });
  });

  it('ignores an empty location', () => {
    expect(resolveLocation('   ')).toBeUndefined();
  });
});

describe('queryWords', () => {
  it('keeps letters and digits, lower case, at most 10 words of 40 characters', () => {
    expect(queryWords('  CPR-certified, Nanny!! ')).toEqual(['cpr', 'certified', 'nanny']);
    expect(queryWords('Renée Ó Súilleabháin')).toEqual(['renée', 'ó', 'súilleabháin']);
    expect(queryWords('!!!')).toEqual([]);
    expect(queryWords(undefined)).toEqual([]);
    expect(queryWords(Array.from({ length: 12 }, (_, i) => `w${i}`).join(' '))).toHaveLength(10);
    expect(queryWords('x'.repeat(60))[0]).toHaveLength(40);
  });
});

describe('public names and visibility', () => {
  it('shows the initial of a last name only', () => {
    expect(initial('williams')).toBe('W');
    expect(initial('  Ó Súilleabháin')).toBe('Ó');
    expect(initial('')).toBe('');
  });

  it('lets anyone see a public profile, and only the owner or an admin a hidden one', () => {
    const hidden = { isPublic: false, userId: 7 };
    expect(mayViewProfile({ isPublic: true, userId: 7 }, null)).toBe(true);
    expect(mayViewProfile(hidden, null)).toBe(false);
    expect(mayViewProfile(hidden, { id: 8, userType: 'family' })).toBe(false);
    expect(mayViewProfile(hidden, { id: 7, userType: 'caregiver' })).toBe(true);
    expect(mayViewProfile(hidden, { id: 1, userType: 'admin' })).toBe(true);
  });
});

describe('checkRenderedPage', () => {
  const caregiver = {
    id: 1,
    user: { firstName: 'Shanique', lastName: 'W', profileImageUrl: null, location: 'Kingston' },
    parish: 'Kingston',
    kinds: ['child-care'],
    isVerified: true,
    bio: null,
    experience: 8,
    hourlyRate: '1500.00',
    averageRating: '4.90',
    totalReviews: 30,
    skills: [],
    certifications: [],
    availability: ['Weekdays'],
    verifiedFacts: [{ kind: 'identity', verifiedAt: '2026-01-10T15:00:00.000Z' }],
    nextAvailableAt: null,
  };

  it('accepts exactly PublicCaregiver[]', () => {
    expect(() => checkRenderedPage(JSON.stringify([caregiver]))).not.toThrow();
    expect(() => checkRenderedPage('[]')).not.toThrow();
  });

  it('refuses a key the contract does not declare (a private field must never slip through)', () => {
    const leaking = { ...caregiver, user: { ...caregiver.user, email: 'x@example.test' } };
    expect(() => checkRenderedPage(JSON.stringify([leaking]))).toThrow(/does not declare/);
    expect(() => checkRenderedPage(JSON.stringify([{ ...caregiver, phone: '876' }]))).toThrow();
  });

  it('refuses wrong types (money as a number)', () => {
    expect(() => checkRenderedPage(JSON.stringify([{ ...caregiver, hourlyRate: 1500 }]))).toThrow();
  });
});
