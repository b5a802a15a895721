import { describe, expect, it } from 'vitest';
import { visitEntries } from '../../db/schema';
import { createCaregiver, createUser } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { daysAhead, panelBody, requestBooking, shiftBooking } from '../bookings/testing';
import { reliabilityService } from './service';
import { pastVisit, reliabilityForTests } from './testing';

const HOUR = 3_600_000;

/**
 * The record as people meet it (ADR 0035): recomputed in the transaction of a cancellation or completion,
 * shown on the public profile, and the search's "Most reliable" order beside the spec's sorts.
 */
describe.each(DB_KINDS)('reliability through the API on %s', (kind) => {
  const t = useTestApp(kind);
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const post = (id: number, action: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/bookings/${id}/${action}`, headers, payload: {} });

  async function confirmed() {
    const family = await signedIn(t.db, { userType: 'family' });
    const cg = await signedInCaregiver(t.db);
    const res = await requestBooking(t.app, family.headers, panelBody(cg.caregiver.id, daysAhead(10)));
    const id = res.json().id as number;
    expect((await post(id, 'accept', cg.headers)).statusCode).toBe(200);
    return { id, family, cg };
  }

  it('counts a caregiver’s late cancellation at once, and shows it on the public profile', async () => {
    const { id, cg } = await confirmed();
    await shiftBooking(t.db, id, new Date(Date.now() + 3 * HOUR));
    expect((await post(id, 'cancel', cg.headers)).statusCode).toBe(200);
    const res = await get(`/api/caregivers/${cg.caregiver.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().reliability).toMatchObject({ completed: 0, lateCancellations: 1, noShows: 0 });
    expect(res.json().reliability.score).toBeLessThan(0.9);
  });

  it('does not count a family’s late cancellation against the caregiver', async () => {
    const { id, family, cg } = await confirmed();
    await shiftBooking(t.db, id, new Date(Date.now() + 3 * HOUR));
    expect((await post(id, 'cancel', family.headers)).statusCode).toBe(200);
    expect(await reliabilityService.recordOf(t.db, cg.caregiver.id)).toMatchObject({
      lateCancellations: 0,
      completed: 0,
      score: 0.9,
    });
  });

  it('counts a completed visit with its check-in when the caregiver marks it completed', async () => {
    const { id, cg } = await confirmed();
    const start = new Date(Date.now() - 5 * HOUR);
    await shiftBooking(t.db, id, start);
    await t.db.insert(visitEntries).values({
      bookingId: id,
      kind: 'check_in',
      clientId: 'api-1',
      authorUserId: cg.user.id,
      recordedAt: new Date(start.getTime() + 2 * 60_000),
      receivedAt: new Date(start.getTime() + 2 * 60_000),
      effectiveAt: new Date(start.getTime() + 2 * 60_000),
    });
    expect((await post(id, 'complete', cg.headers)).statusCode).toBe(200);
    expect((await get(`/api/caregivers/${cg.caregiver.id}`)).json().reliability).toMatchObject({
      completed: 1,
      checkIns: 1,
      onTimeCheckIns: 1,
    });
  });

  it('sorts search by reliability (then rating) on request, and leaves the spec’s sorts as they were', async () => {
    const family = await createUser(t.db, { userType: 'family' });
    const make = (name: string, rating: number) =>
      createCaregiver(t.db, {
        user: { firstName: name },
        averageRating: rating,
        totalReviews: 3,
        kinds: ['tutors'],
      });
    const poor = await make('Poor', 5);
    const fresh = await make('Fresh', 4);
    const good = await make('Good', 3);
    const alsoNew = await make('AlsoNew', 4.5);
    const at = new Date();
    const day = (n: number) => daysAhead(-n);
    for (let n = 2; n <= 12; n++) {
      await pastVisit(t.db, {
        familyId: family.id,
        caregiverId: good.caregiver.id,
        caregiverUserId: good.user.id,
        date: day(n),
        status: 'completed',
        checkIn: 0,
      });
    }
    await pastVisit(t.db, {
      familyId: family.id,
      caregiverId: poor.caregiver.id,
      caregiverUserId: poor.user.id,
      date: day(3),
      status: 'cancelled',
      cancel: { by: 'caregiver', hoursBefore: 2 },
    });
    await reliabilityForTests.refresh(
      t.db,
      [poor, fresh, good, alsoNew].map((c) => c.caregiver.id),
      at,
    );
    const ids = async (sort: string) => {
      const res = await get(`/api/caregivers/search?type=tutors&sort=${sort}`);
      expect(res.statusCode, sort).toBe(200);
      return (res.json() as { id: number }[]).map((c) => c.id);
    };
    expect(await ids('reliability')).toEqual([good, alsoNew, fresh, poor].map((c) => c.caregiver.id));
    expect(await ids('rating')).toEqual([poor, alsoNew, fresh, good].map((c) => c.caregiver.id));
    expect(await ids('relevance')).toEqual([poor, alsoNew, fresh, good].map((c) => c.caregiver.id));
    expect((await get('/api/caregivers/search?sort=reliable')).statusCode).toBe(400);
  });
});
