import { describe, expect, it } from 'vitest';
import { TRUST_CLAIMS } from '../../../shared/contracts/caregivers';
import { bookings } from '../../db/schema';
import {
  bearer,
  createApprovedVerification,
  createCaregiver,
  createUser,
  loginToken,
} from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';

/*
 * Issue 15: what public reads (search and profile) say about trust comes only from approved verification
 * records that are still valid, never from what a caregiver ticked; and nextAvailableAt on a clock the
 * test controls. 2026-11-23 is a Monday; 15:00 UTC is 10:00 in Jamaica.
 */
describe.each(DB_KINDS)('public trust signals and next availability on %s', (kind) => {
  let clock = new Date('2026-11-23T15:00:00Z');
  const t = useTestApp(kind, {}, () => clock);

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  /** The caregiver as the profile and as the search card show them. */
  const publicReads = async (caregiverId: number, firstName: string) => {
    const profile = await get(`/api/caregivers/${caregiverId}`);
    const found = (await get(`/api/caregivers/search?q=${firstName}`)) as { id: number }[];
    const card = found.find((c) => c.id === caregiverId);
    expect(card, 'in search').toBeDefined();
    return [profile, card] as Record<string, unknown>[];
  };
  /** No Verified badge in either read, and exactly these facts left. */
  const expectUnverifiedWith = async (caregiverId: number, firstName: string, kinds: string[]) => {
    for (const read of await publicReads(caregiverId, firstName)) {
      expect(read.isVerified).toBe(false);
      expect((read.verifiedFacts as { kind: string }[]).map((f) => f.kind)).toEqual(kinds);
    }
  };
  const ticked = ['CPR Certified', ...TRUST_CLAIMS];

  it('a caregiver who ticked "Background Check Completed" and "Reference Verified" without an approved record shows neither, and is Not verified', async () => {
    const { caregiver, user } = await createCaregiver(t.database.db, {
      user: { firstName: 'Tickonly' },
      certifications: [...ticked],
      availability: ['Weekdays'],
    });
    for (const read of await publicReads(caregiver.id, 'Tickonly')) {
      expect(read.certifications).toEqual(['CPR Certified']);
      expect(read.verifiedFacts).toEqual([]);
      expect(read.isVerified).toBe(false);
      expect(JSON.stringify(read)).not.toMatch(/Background Check Completed|Reference Verified/);
    }
    // Their own profile read still has what they ticked (the onboarding and edit forms).
    const me = await get('/api/caregivers/me', bearer(await loginToken(t.app, user.email)));
    expect(me.certifications).toEqual(expect.arrayContaining([...TRUST_CLAIMS]));
  });

  it('an admin-approved record shows as verified facts with their dates and the Verified badge; an expired police record or a revoked step takes them away', async () => {
    const admin = await createUser(t.database.db, { userType: 'admin' });
    const { caregiver, user } = await createCaregiver(t.database.db, {
      user: { firstName: 'Approvedone' },
      certifications: [...ticked],
      availability: ['Weekdays'],
    });
    const approvedAt = new Date('2026-03-02T16:00:00Z');
    await createApprovedVerification(t.database.db, user.id, {
      at: approvedAt,
      policeRecordIssuedOn: '2026-02-20',
      adminId: admin.id,
    });
    const when = approvedAt.toISOString();
    for (const read of await publicReads(caregiver.id, 'Approvedone')) {
      expect(read.isVerified).toBe(true);
      expect(read.verifiedFacts).toEqual([
        { kind: 'identity', verifiedAt: when },
        { kind: 'address', verifiedAt: when },
        { kind: 'background_check', verifiedAt: when },
        { kind: 'references', verifiedAt: when },
        { kind: 'phone', verifiedAt: when },
      ]);
      // The facts are shown from the record; the ticks never are.
      expect(read.certifications).toEqual(['CPR Certified']);
    }
    expect((await get('/api/caregivers/search?verified=true')).map((c: { id: number }) => c.id)).toContain(
      caregiver.id,
    );

    // The police record turns 12 months old on 2027-02-20: from then on no background check, no badge.
    const before = clock;
    clock = new Date('2027-02-20T15:00:00Z');
    try {
      await expectUnverifiedWith(caregiver.id, 'Approvedone', ['identity', 'address', 'references', 'phone']);
      expect(
        (await get('/api/caregivers/search?verified=true')).map((c: { id: number }) => c.id),
      ).not.toContain(caregiver.id);
    } finally {
      clock = before;
    }

    // An admin rejects the background step: the check, the references and the badge go at once.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/verifications/${user.id}/decision`,
      headers: bearer(await loginToken(t.app, admin.email)),
      payload: { step: 'background', approved: false, reason: 'Police record could not be confirmed' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectUnverifiedWith(caregiver.id, 'Approvedone', ['identity', 'address', 'phone']);
  });

  it('a trust claim as a search filter finds caregivers with the verified fact, not those who only ticked it', async () => {
    const { caregiver: ticker } = await createCaregiver(t.database.db, {
      user: { firstName: 'Filterticker' },
      certifications: [...TRUST_CLAIMS],
    });
    const { caregiver: checked, user } = await createCaregiver(t.database.db, {
      user: { firstName: 'Filterchecked' },
    });
    await createApprovedVerification(t.database.db, user.id, { at: new Date('2026-11-01T15:00:00Z') });
    for (const claim of TRUST_CLAIMS) {
      const found = (await get(`/api/caregivers/search?skills=${encodeURIComponent(claim)}`)) as {
        id: number;
      }[];
      const ids = found.map((c) => c.id);
      expect(ids, claim).toContain(checked.id);
      expect(ids, claim).not.toContain(ticker.id);
    }
  });

  it('nextAvailableAt: the first free time from weekly hours and bookings, in Jamaica time; null when not taking bookings', async () => {
    // Monday 10:00 in Jamaica. Weekdays are 9:00–17:00: free now unless a booking covers now.
    const family = await createUser(t.database.db, { userType: 'family' });
    const { caregiver } = await createCaregiver(t.database.db, {
      user: { firstName: 'Weekdayer' },
      availability: ['Weekdays'],
    });
    const profileNext = async () => (await get(`/api/caregivers/${caregiver.id}`)).nextAvailableAt;
    const cardNext = async () =>
      ((await get('/api/caregivers/search?q=Weekdayer')) as { id: number; nextAvailableAt: string }[]).find(
        (c) => c.id === caregiver.id,
      )?.nextAvailableAt;
    expect(await profileNext()).toBe('2026-11-23T15:00:00.000Z');
    expect(await cardNext()).toBe('2026-11-23T15:00:00.000Z');

    // A confirmed booking 9:00–13:00 today: free at 13:00 (18:00 UTC).
    await t.database.db.insert(bookings).values({
      familyId: family.id,
      caregiverId: caregiver.id,
      date: '2026-11-23',
      startTime: '09:00',
      endTime: '13:00',
      startsAt: new Date('2026-11-23T14:00:00Z'),
      endsAt: new Date('2026-11-23T18:00:00Z'),
      duration: 4,
      hourlyRate: '1500.00',
      totalCost: '6000.00',
      status: 'confirmed',
    });
    expect(await profileNext()).toBe('2026-11-23T18:00:00.000Z');
    expect(await cardNext()).toBe('2026-11-23T18:00:00.000Z');

    // Friday 18:00 in Jamaica: the next weekday hours are Monday 9:00.
    const before = clock;
    clock = new Date('2026-11-27T23:00:00Z');
    try {
      expect(await profileNext()).toBe('2026-11-30T14:00:00.000Z');
    } finally {
      clock = before;
    }

    // Only weekend hours... and the 'available for bookings' switch off: no next time at all.
    const { caregiver: off } = await createCaregiver(t.database.db, {
      user: { firstName: 'Switchedoff' },
      availability: ['Weekdays', 'Available Now'],
      isAvailable: false,
    });
    expect((await get(`/api/caregivers/${off.id}`)).nextAvailableAt).toBeNull();
    const { caregiver: none } = await createCaregiver(t.database.db, {
      user: { firstName: 'Nohours' },
      availability: ['Emergency/On-call'],
    });
    expect((await get(`/api/caregivers/${none.id}`)).nextAvailableAt).toBeNull();
  });
});
