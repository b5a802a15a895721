import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCaregiver, createReview, createUser, loginToken } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';

describe.each(DB_KINDS)('caregiver reviews on %s', (kind) => {
  const t = useTestApp(kind);
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  let caregiverId: number;
  let hidden: Awaited<ReturnType<typeof createCaregiver>>;
  let families: Awaited<ReturnType<typeof createUser>>[];
  const day = (d: number) => new Date(Date.UTC(2025, 5, d, 15));

  beforeAll(async () => {
    const db = t.database.db;
    caregiverId = (await createCaregiver(db)).caregiver.id;
    families = [
      await createUser(db, { firstName: 'Marcia', lastName: 'brown', phone: '+18765550199' }),
      await createUser(db, { firstName: 'Devon', lastName: 'Reid' }),
      await createUser(db, { firstName: 'Alicia', lastName: 'Campbell' }),
    ];
    // Five reviews: two on the same instant (the id breaks the tie), written out of order.
    await createReview(db, {
      caregiverId,
      familyId: families[0].id,
      rating: 5,
      comment: 'June 3',
      createdAt: day(3),
    });
    await createReview(db, {
      caregiverId,
      familyId: families[1].id,
      rating: 4,
      comment: 'June 9 a',
      createdAt: day(9),
    });
    await createReview(db, {
      caregiverId,
      familyId: families[2].id,
      rating: 3,
      comment: null,
      createdAt: day(1),
    });
    await createReview(db, {
      caregiverId,
      familyId: families[0].id,
      rating: 5,
      comment: 'June 9 b',
      createdAt: day(9),
    });
    await createReview(db, {
      caregiverId,
      familyId: families[1].id,
      rating: 2,
      comment: 'June 5',
      createdAt: day(5),
    });
    // Another caregiver's review is not listed.
    const other = (await createCaregiver(db)).caregiver.id;
    await createReview(db, { caregiverId: other, familyId: families[2].id, rating: 1, comment: 'Other' });
    hidden = await createCaregiver(db, { isActive: false });
    await createReview(db, { caregiverId: hidden.caregiver.id, familyId: families[2].id, rating: 4 });
  });

  it('lists newest first with the family as first name and last initial, and the total', async () => {
    const res = await get(`/api/reviews/caregiver/${caregiverId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('5');
    const body = res.json();
    expect(body.map((r: { comment: string | null }) => r.comment)).toEqual([
      'June 9 b',
      'June 9 a',
      'June 5',
      'June 3',
      null,
    ]);
    expect(body[0]).toEqual({
      id: expect.any(Number),
      rating: 5,
      comment: 'June 9 b',
      createdAt: '2025-06-09T15:00:00.000Z',
      family: { firstName: 'Marcia', lastName: 'B' },
      reply: null,
    });
    const json = res.body;
    for (const f of families) expect(json).not.toContain(f.email);
    expect(json).not.toContain('5550199');
    expect(json).not.toMatch(/"(email|phone|familyId|bookingId)"/);
  });

  it('pages without repeats; X-Total-Count stays the total', async () => {
    const comments: (string | null)[] = [];
    for (const offset of [0, 2, 4]) {
      const res = await get(`/api/reviews/caregiver/${caregiverId}?limit=2&offset=${offset}`);
      expect(res.headers['x-total-count']).toBe('5');
      comments.push(...res.json().map((r: { comment: string | null }) => r.comment));
    }
    expect(comments).toEqual(['June 9 b', 'June 9 a', 'June 5', 'June 3', null]);
    const past = await get(`/api/reviews/caregiver/${caregiverId}?offset=10`);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('5');
  });

  it('answers an empty list for a caregiver without reviews', async () => {
    const fresh = (await createCaregiver(t.database.db)).caregiver.id;
    const res = await get(`/api/reviews/caregiver/${fresh}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it("hides a hidden caregiver's reviews (404) except from the owner", async () => {
    const res = await get(`/api/reviews/caregiver/${hidden.caregiver.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Caregiver not found');
    const owner = bearer(await loginToken(t.app, hidden.user.email));
    expect((await get(`/api/reviews/caregiver/${hidden.caregiver.id}`, owner)).statusCode).toBe(200);
  });

  it.each([
    ['/api/reviews/caregiver/999999', 404],
    ['/api/reviews/caregiver/abc', 400],
    ['/api/reviews/caregiver/0', 400],
    ['/api/reviews/caregiver/99999999999', 400],
    ['/api/reviews/caregiver/1?limit=51', 400],
    ['/api/reviews/caregiver/1?limit=0', 400],
    ['/api/reviews/caregiver/1?limit=abc', 400],
    ['/api/reviews/caregiver/1?offset=-1', 400],
  ])('%s → %i with a message', async (url, status) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toEqual(status === 404 ? 'Caregiver not found' : expect.any(String));
  });
});
