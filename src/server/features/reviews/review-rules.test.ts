import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { caregivers, notifications, reviews } from '../../db/schema';
import { runJob } from '../../jobs/scheduler';
import { insertBooking } from '../../test/engagement';
import { bearer, createCaregiver, createUser, loginToken } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { publishReviewsJob, reviewRemindersJob } from './jobs';

const DAY = 86_400_000;

describe.each(DB_KINDS)('review rules on %s', (kind) => {
  const t = useTestApp(kind);
  let family: Awaited<ReturnType<typeof createUser>>;
  let otherFamily: Awaited<ReturnType<typeof createUser>>;
  let carer: Awaited<ReturnType<typeof createCaregiver>>;
  let otherCarer: Awaited<ReturnType<typeof createCaregiver>>;
  let admin: Awaited<ReturnType<typeof createUser>>;
  const tokens: Record<string, string> = {};

  const post = (url: string, token: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
  const review = (token: string, payload: unknown) => post('/api/reviews', token, payload);
  const rateFamily = (token: string, payload: unknown) => post('/api/reviews/family-rating', token, payload);
  const publicList = async (caregiverId: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/reviews/caregiver/${caregiverId}` })).json();
  const caregiverRow = async (id: number) =>
    (await t.database.db.select().from(caregivers).where(eq(caregivers.id, id)))[0];
  const completed = (endedDaysAgo = 1, caregiverId = carer.caregiver.id, familyId = family.id) =>
    insertBooking(t.database.db, {
      familyId,
      caregiverId,
      status: 'completed',
      startsAt: new Date(Date.now() - endedDaysAgo * DAY - 2 * 3_600_000),
      hours: 2,
    });

  beforeAll(async () => {
    const db = t.database.db;
    family = await createUser(db, { firstName: 'Marcia', lastName: 'Brown' });
    otherFamily = await createUser(db);
    carer = await createCaregiver(db, { user: { firstName: 'Shanique' } });
    otherCarer = await createCaregiver(db);
    admin = await createUser(db, { userType: 'admin' });
    for (const [k, email] of [
      ['family', family.email],
      ['otherFamily', otherFamily.email],
      ['carer', carer.user.email],
      ['otherCarer', otherCarer.user.email],
      ['admin', admin.email],
    ] as const)
      tokens[k] = await loginToken(t.app, email);
  });

  it('accepts only whole ratings from 1 to 5 and comments up to 2,000 characters', async () => {
    const b = await completed();
    for (const rating of [0, 6, 4.5, '5', null]) {
      const res = await review(tokens.family, { bookingId: b.id, rating, comment: 'x' });
      expect(res.statusCode, String(rating)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const long = await review(tokens.family, { bookingId: b.id, rating: 5, comment: 'a'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    const ok = await review(tokens.family, { bookingId: b.id, rating: 5, comment: 'a'.repeat(2000) });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses another family (403), a caregiver or visitor, and a missing booking (404)', async () => {
    const b = await completed();
    expect((await review(tokens.otherFamily, { bookingId: b.id, rating: 4 })).statusCode).toBe(403);
    expect((await review(tokens.carer, { bookingId: b.id, rating: 4 })).statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { bookingId: b.id, rating: 4 },
    });
    expect(anon.statusCode).toBe(401);
    expect((await review(tokens.family, { bookingId: 99_999_999, rating: 4 })).statusCode).toBe(404);
  });

  it('refuses a booking that is not completed, a second review, and one after 14 days', async () => {
    for (const status of ['pending', 'confirmed', 'cancelled', 'declined'] as const) {
      const b = await insertBooking(t.database.db, {
        familyId: family.id,
        caregiverId: carer.caregiver.id,
        status,
      });
      const res = await review(tokens.family, { bookingId: b.id, rating: 5 });
      expect(res.statusCode, status).toBe(409);
      expect(res.json().message).toBe('You can review a booking once it is completed.');
    }
    const b = await completed();
    expect((await review(tokens.family, { bookingId: b.id, rating: 5 })).statusCode).toBe(201);
    const twice = await review(tokens.family, { bookingId: b.id, rating: 4 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('You have already reviewed this booking.');
    const old = await completed(15);
    const late = await review(tokens.family, { bookingId: old.id, rating: 5 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The 14 days to review this booking have ended.');
    const justIn = await completed(13);
    expect((await review(tokens.family, { bookingId: justIn.id, rating: 5 })).statusCode).toBe(201);
  });

  it('is double-blind: published only once the caregiver rated the family too, then the averages move', async () => {
    const c = await createCaregiver(t.database.db);
    const cToken = await loginToken(t.app, c.user.email);
    const b = await completed(1, c.caregiver.id);
    const res = await review(tokens.family, { bookingId: b.id, rating: 4, comment: 'Lovely with the kids.' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', publishedAt: null, rating: 4 });
    expect(await publicList(c.caregiver.id)).toEqual([]);
    expect(await caregiverRow(c.caregiver.id)).toMatchObject({ averageRating: '0.00', totalReviews: 0 });
    // The caregiver cannot read it before publication.
    const mine = await t.app.inject({ method: 'GET', url: '/api/reviews/mine', headers: bearer(cToken) });
    expect(mine.json()).toEqual({ published: [], waiting: 1 });
    expect(mine.body).not.toContain('Lovely');
    // Another caregiver cannot rate this family's booking.
    expect((await rateFamily(tokens.otherCarer, { bookingId: b.id, rating: 5 })).statusCode).toBe(403);
    expect((await rateFamily(tokens.family, { bookingId: b.id, rating: 5 })).statusCode).toBe(403);
    const rated = await rateFamily(cToken, { bookingId: b.id, rating: 5, comment: 'Kind family' });
    expect(rated.statusCode).toBe(201);
    expect((await rateFamily(cToken, { bookingId: b.id, rating: 5 })).statusCode).toBe(409);
    const list = await publicList(c.caregiver.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ rating: 4, comment: 'Lovely with the kids.', reply: null });
    // The private rating never shows publicly.
    expect(JSON.stringify(list)).not.toContain('Kind family');
    expect(await caregiverRow(c.caregiver.id)).toMatchObject({ averageRating: '4.00', totalReviews: 1 });
  });

  it('publishes at once when the caregiver rated first', async () => {
    const c = await createCaregiver(t.database.db);
    const cToken = await loginToken(t.app, c.user.email);
    const b = await completed(2, c.caregiver.id);
    expect((await rateFamily(cToken, { bookingId: b.id, rating: 5 })).statusCode).toBe(201);
    const res = await review(tokens.family, { bookingId: b.id, rating: 5 });
    expect(res.json()).toMatchObject({ status: 'published' });
    expect(await caregiverRow(c.caregiver.id)).toMatchObject({ averageRating: '5.00', totalReviews: 1 });
  });

  it('publishes by the 14-day path in the job, with averages to 2 decimals, once', async () => {
    const c = await createCaregiver(t.database.db);
    const ratings = [5, 4, 4];
    const ids: number[] = [];
    for (const rating of ratings) {
      const b = await completed(3, c.caregiver.id);
      const res = await review(tokens.family, { bookingId: b.id, rating });
      ids.push(res.json().id);
    }
    // Day 13 after completion: nothing yet.
    await runJob(t.app, publishReviewsJob, new Date(Date.now() + 10 * DAY));
    expect(await publicList(c.caregiver.id)).toEqual([]);
    await runJob(t.app, publishReviewsJob, new Date(Date.now() + 12 * DAY));
    expect(await publicList(c.caregiver.id)).toHaveLength(3);
    expect(await caregiverRow(c.caregiver.id)).toMatchObject({ averageRating: '4.33', totalReviews: 3 });
    const first = await t.database.db.select().from(reviews).where(eq(reviews.id, ids[0]));
    await runJob(t.app, publishReviewsJob, new Date(Date.now() + 20 * DAY));
    const again = await t.database.db.select().from(reviews).where(eq(reviews.id, ids[0]));
    expect(again[0].publishedAt).toEqual(first[0].publishedAt);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, c.user.id));
    expect(notes.filter((n) => n.kind === 'review')).toHaveLength(3);
  });

  it('lets the caregiver reply once, publicly, to a published review of their own care', async () => {
    const c = await createCaregiver(t.database.db);
    const cToken = await loginToken(t.app, c.user.email);
    const b = await completed(1, c.caregiver.id);
    const id = (await review(tokens.family, { bookingId: b.id, rating: 5, comment: 'Great' })).json().id;
    const early = await post(`/api/reviews/${id}/reply`, cToken, { reply: 'Thanks!' });
    expect(early.statusCode).toBe(409);
    await rateFamily(cToken, { bookingId: b.id, rating: 5 });
    expect((await post(`/api/reviews/${id}/reply`, tokens.otherCarer, { reply: 'Me too' })).statusCode).toBe(
      403,
    );
    expect((await post(`/api/reviews/${id}/reply`, tokens.family, { reply: 'Me' })).statusCode).toBe(403);
    expect((await post(`/api/reviews/${id}/reply`, cToken, { reply: '   ' })).statusCode).toBe(400);
    const ok = await post(`/api/reviews/${id}/reply`, cToken, { reply: 'Thank you, Marcia!' });
    expect(ok.statusCode).toBe(200);
    expect((await post(`/api/reviews/${id}/reply`, cToken, { reply: 'Again' })).statusCode).toBe(409);
    const [shown] = await publicList(c.caregiver.id);
    expect(shown.reply).toMatchObject({ text: 'Thank you, Marcia!' });
  });

  it('lets an admin hide a review with a reason; the averages follow, and back when shown again', async () => {
    const c = await createCaregiver(t.database.db);
    const cToken = await loginToken(t.app, c.user.email);
    const ids: number[] = [];
    for (const rating of [5, 1]) {
      const b = await completed(1, c.caregiver.id);
      await rateFamily(cToken, { bookingId: b.id, rating: 4 });
      ids.push((await review(tokens.family, { bookingId: b.id, rating, comment: `r${rating}` })).json().id);
    }
    expect(await caregiverRow(c.caregiver.id)).toMatchObject({ averageRating: '3.00', totalReviews: 2 });
    expect((await post(`/api/admin/reviews/${ids[1]}/hide`, cToken, { reason: 'Abusive' })).statusCode).toBe(
      403,
    );
    expect((await post(`/api/admin/reviews/${ids[1]}/hide`, tokens.admin, { reason: '' })).statusCode).toBe(
      400,
    );
    const hide = await post(`/api/admin/reviews/${ids[1]}/hide`, tokens.admin, {
      reason: 'Abusive language',
    });
    expect(hide.statusCode).toBe(200);
    expect(hide.json().status).toBe('hidden');
    expect(await caregiverRow(c.caregiver.id)).toMatchObject({ averageRating: '5.00', totalReviews: 1 });
    expect((await publicList(c.caregiver.id)).map((r: { comment: string }) => r.comment)).toEqual(['r5']);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reviews?status=hidden',
      headers: bearer(tokens.admin),
    });
    expect(listed.json().find((r: { id: number }) => r.id === ids[1])).toMatchObject({
      hiddenReason: 'Abusive language',
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/reviews/${ids[1]}/unhide`,
      headers: bearer(tokens.admin),
    });
    expect(await caregiverRow(c.caregiver.id)).toMatchObject({ averageRating: '3.00', totalReviews: 2 });
  });

  it('e-mails the family a reminder once, an hour after completion, while no review exists', async () => {
    const f = await createUser(t.database.db, { email: `remind-${Date.now()}@example.test` });
    const b = await completed(0, carer.caregiver.id, f.id);
    const sent: { to: string; subject: string; text: string }[] = [];
    const original = t.app.mailer.send;
    t.app.mailer.send = async (m) => {
      sent.push(m);
    };
    try {
      await runJob(t.app, reviewRemindersJob, new Date());
      await runJob(t.app, reviewRemindersJob, new Date(Date.now() + 3_600_000));
      await runJob(t.app, reviewRemindersJob, new Date(Date.now() + 7_200_000));
    } finally {
      t.app.mailer.send = original;
    }
    const mine = sent.filter((m) => m.to === f.email);
    expect(mine).toHaveLength(1);
    expect(mine[0].text).toContain(`/dashboard?review=${b.id}`);
  });
});
