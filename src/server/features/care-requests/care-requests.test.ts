import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, careRequests, notifications } from '../../db/schema';
import { runJob } from '../../jobs/scheduler';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { CONTACT_HIDDEN } from './contact-mask';
import { careRequestExpiryJob } from './jobs';
import { careRequestApi, requestBody, wednesdayAhead } from './testing';

const DAY = 86_400_000;

describe.each(DB_KINDS)('care requests on %s', (kind) => {
  let clock = new Date();
  const t = useTestApp(kind, {}, () => clock);
  const api = () => careRequestApi(t.app);

  const caregiver = (kinds: string[], parish: string, firstName: string, rate = 1500) =>
    signedInCaregiver(t.db, {
      kinds,
      hourlyRate: rate,
      user: {
        location: parish === 'Kingston' ? 'Kingston' : 'Ocho Rios',
        parish,
        firstName,
        lastName: 'Brown',
      },
    });

  async function world() {
    const family = await signedIn(t.db, {
      userType: 'family',
      firstName: 'Marcia',
      lastName: 'Campbell-Whyte',
      location: 'Kingston',
      parish: 'Kingston',
    });
    const fit = await caregiver(['senior-care'], 'Kingston', 'Fitting');
    const other = await caregiver(['senior-care', 'child-care'], 'Kingston', 'Second', 1800);
    const wrongKind = await caregiver(['child-care'], 'Kingston', 'WrongKind');
    const wrongParish = await caregiver(['senior-care'], 'St. Ann', 'WrongParish');
    const blocked = await caregiver(['senior-care'], 'Kingston', 'Blocked');
    const block = await t.injectAs(family, { method: 'POST', url: `/api/users/${blocked.user.id}/block` });
    expect(block.statusCode).toBeLessThan(300);
    const posted = await api().post(family.headers, requestBody(wednesdayAhead(3, clock)));
    expect(posted.statusCode).toBe(201);
    const { id } = posted.json() as { id: number };
    return { family, fit, other, wrongKind, wrongParish, blocked, id };
  }

  it('is seen only by fitting caregivers, applied to, and turned into a booking at the applicant’s rate', async () => {
    clock = new Date();
    const w = await world();
    // Fitting caregivers were told; the others not.
    const told = await t.db.select().from(notifications).where(eq(notifications.kind, 'care_request.new'));
    const toldIds = told.map((n) => n.userId);
    expect(toldIds).toEqual(expect.arrayContaining([w.fit.user.id, w.other.user.id]));
    for (const c of [w.wrongKind, w.wrongParish, w.blocked]) expect(toldIds).not.toContain(c.user.id);

    // Listed and readable only for those that fit; without the family's surname.
    const listed = (await api().list(w.fit.headers)).json() as { id: number; familyFirstName: string }[];
    expect(listed.map((r) => r.id)).toContain(w.id);
    const seen = await api().get(w.id, w.fit.headers);
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toContain('Campbell');
    expect(seen.json()).toMatchObject({ familyFirstName: 'Marcia', mine: false });
    expect(seen.json()).not.toHaveProperty('applicants');
    for (const c of [w.wrongKind, w.wrongParish, w.blocked]) {
      expect(((await api().list(c.headers)).json() as { id: number }[]).map((r) => r.id)).not.toContain(w.id);
      expect((await api().get(w.id, c.headers)).statusCode).toBe(404);
      expect((await api().apply(w.id, c.headers, { message: 'Hello', hourlyRate: 1500 })).statusCode).toBe(
        404,
      );
    }

    // Two fitting caregivers apply; a second application is refused.
    const a1 = await api().apply(w.id, w.fit.headers, {
      message: 'I have cared for my grandmother for years.',
      hourlyRate: 1600,
    });
    expect(a1.statusCode).toBe(201);
    expect((await api().apply(w.id, w.fit.headers, { message: 'Again', hourlyRate: 1600 })).statusCode).toBe(
      409,
    );
    const a2 = await api().apply(w.id, w.other.headers, {
      message: 'Nurse aide, 5 years.',
      hourlyRate: 1800,
    });
    expect(a2.statusCode).toBe(201);
    const familyNotices = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, w.family.user.id));
    expect(familyNotices.filter((n) => n.kind === 'care_request.application')).toHaveLength(2);

    // The family compares them side by side.
    const mine = (await api().get(w.id, w.family.headers)).json() as {
      applicants: {
        applicationId: number;
        hourlyRate: string;
        reliability: number;
        distanceKm: number;
        verified: boolean;
        totalReviews: number;
      }[];
      applicantCount: number;
    };
    expect(mine.applicantCount).toBe(2);
    expect(mine.applicants.map((a) => a.hourlyRate)).toEqual(['1600.00', '1800.00']);
    expect(mine.applicants[0]).toMatchObject({ distanceKm: 0, verified: false, totalReviews: 0 });
    expect(mine.applicants[0].reliability).toBeGreaterThan(0);

    // Nobody but the owner books; the owner books in one step.
    const appId = (a1.json() as { id: number }).id;
    const stranger = await signedIn(t.db, { userType: 'family' });
    expect((await api().book(w.id, appId, stranger.headers)).statusCode).toBe(404);
    expect((await api().book(w.id, appId, w.fit.headers)).statusCode).toBe(403);
    expect((await api().get(w.id, stranger.headers)).statusCode).toBe(404);
    const booked = await api().book(w.id, appId, w.family.headers);
    expect(booked.statusCode).toBe(200);
    const { bookingId } = booked.json() as { bookingId: number };
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(b).toMatchObject({
      status: 'pending',
      hourlyRate: '1600.00',
      duration: 4,
      caregiverId: w.fit.caregiver.id,
    });
    expect((await api().book(w.id, appId, w.family.headers)).statusCode).toBe(409);

    const after = (await api().get(w.id, w.family.headers)).json() as {
      status: string;
      applicants: { status: string }[];
    };
    expect(after.status).toBe('filled');
    expect(after.applicants.map((a) => a.status)).toEqual(['booked', 'declined']);
    const kindly = await t.db.select().from(notifications).where(eq(notifications.userId, w.other.user.id));
    expect(kindly.find((n) => n.kind === 'care_request.closed')?.body).toContain('Thank you for applying');
    // Filled: no longer listed to caregivers, and new applications are refused.
    expect(((await api().list(w.other.headers)).json() as { id: number }[]).map((r) => r.id)).not.toContain(
      w.id,
    );
  });

  it('refuses who should be refused and rejects hostile input with a 4xx', async () => {
    clock = new Date();
    const w = await world();
    const otherFamily = await signedIn(t.db, { userType: 'family' });
    const admin = await signedIn(t.db, { userType: 'admin' });
    expect((await api().post(w.fit.headers, requestBody(wednesdayAhead(3, clock)))).statusCode).toBe(403);
    expect((await api().post({}, requestBody(wednesdayAhead(3, clock)))).statusCode).toBe(401);
    expect((await api().get(w.id, otherFamily.headers)).statusCode).toBe(404);
    expect((await api().withdraw(w.id, otherFamily.headers)).statusCode).toBe(404);
    expect((await api().list(admin.headers)).statusCode).toBe(403);
    expect((await api().apply(w.id, w.family.headers, { message: 'x', hourlyRate: 1500 })).statusCode).toBe(
      403,
    );

    const date = wednesdayAhead(3, clock);
    const hostile: unknown[] = [
      null,
      [],
      'text',
      requestBody(date, { kind: 'astronaut' }),
      requestBody(date, { parish: 'Atlantis' }),
      requestBody(date, { startDate: '2026-02-30' }),
      requestBody(date, { startDate: '2020-01-01' }),
      requestBody(date, { startTime: '9:30 AM' }),
      requestBody(date, { startTime: '3:00 AM' }),
      requestBody(date, { hours: 0 }),
      requestBody(date, { hours: 1.5 }),
      requestBody(date, { hours: true }),
      requestBody(date, { budgetMinJmd: 3000, budgetMaxJmd: 1000 }),
      requestBody(date, { budgetMinJmd: -5 }),
      requestBody(date, { weekdays: ['funday'] }),
      requestBody(date, { description: 'x'.repeat(5000) }),
      requestBody(date, { description: 'short' }),
      requestBody(date, { town: 'K\u0000' }),
    ];
    for (const payload of hostile) {
      const res = await api().post(w.family.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)?.slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    for (const payload of [
      {},
      { message: 'hi' },
      { message: 'hi', hourlyRate: 'lots' },
      { message: 'hi', hourlyRate: 10 },
    ]) {
      const res = await api().apply(w.id, w.fit.headers, payload);
      expect(res.statusCode).toBe(400);
    }
    for (const id of ['abc', '0', '99999999999', '1.5']) {
      const res = await api().get(id, w.fit.headers);
      expect(res.statusCode).toBe(400);
    }
    expect((await api().book(w.id, 999999, w.family.headers)).statusCode).toBe(404);
  });

  it('masks contact details in the request and in applications', async () => {
    clock = new Date();
    const family = await signedIn(t.db, { userType: 'family', parish: 'Kingston', location: 'Kingston' });
    const fit = await caregiver(['senior-care'], 'Kingston', 'Masked');
    const posted = await api().post(
      family.headers,
      requestBody(wednesdayAhead(3, clock), {
        description: 'Call me on 876-555-1234 or mail marcia@example.com, WhatsApp https://wa.me/18765551234',
      }),
    );
    expect(posted.statusCode).toBe(201);
    const { id, contactDetailsMasked } = posted.json() as { id: number; contactDetailsMasked: boolean };
    expect(contactDetailsMasked).toBe(true);
    const seen = (await api().get(id, fit.headers)).json() as { description: string };
    expect(seen.description).toContain(CONTACT_HIDDEN);
    expect(seen.description).not.toMatch(/555|example\.com|wa\.me/);
    const applied = await api().apply(id, fit.headers, {
      message: 'Reach me at (876) 555 9876',
      hourlyRate: 1500,
    });
    expect(applied.json()).toMatchObject({ contactDetailsMasked: true });
    const mine = (await api().get(id, family.headers)).json() as { applicants: { message: string }[] };
    expect(mine.applicants[0].message).toBe(`Reach me at ${CONTACT_HIDDEN}`);
  });

  it('closes a request 14 days after it was posted, by the app clock', async () => {
    clock = new Date();
    const family = await signedIn(t.db, { userType: 'family', parish: 'Kingston', location: 'Kingston' });
    const fit = await caregiver(['senior-care'], 'Kingston', 'Expiry');
    const posted = await api().post(family.headers, requestBody(wednesdayAhead(20, clock)));
    const { id } = posted.json() as { id: number };
    const at = clock;

    clock = new Date(at.getTime() + 14 * DAY - 60_000);
    await runJob(t.app, careRequestExpiryJob, clock);
    expect((await t.db.select().from(careRequests).where(eq(careRequests.id, id)))[0].status).toBe('open');
    expect(((await api().list(fit.headers)).json() as { id: number }[]).map((r) => r.id)).toContain(id);

    clock = new Date(at.getTime() + 14 * DAY);
    // Past its expiry it is no longer listed even before the job runs, and cannot be applied to.
    expect(((await api().list(fit.headers)).json() as { id: number }[]).map((r) => r.id)).not.toContain(id);
    expect((await api().apply(id, fit.headers, { message: 'Hello', hourlyRate: 1500 })).statusCode).toBe(404);
    await runJob(t.app, careRequestExpiryJob, clock);
    expect((await t.db.select().from(careRequests).where(eq(careRequests.id, id)))[0].status).toBe('expired');
    const mine = (await api().list(family.headers)).json() as { id: number; status: string }[];
    expect(mine.find((r) => r.id === id)?.status).toBe('expired');
  });

  it('withdraws for the owner only and tells applicants', async () => {
    clock = new Date();
    const w = await world();
    expect(
      (await api().apply(w.id, w.fit.headers, { message: 'Happy to help', hourlyRate: 1500 })).statusCode,
    ).toBe(201);
    expect((await api().withdraw(w.id, w.fit.headers)).statusCode).toBe(403);
    const res = await api().withdraw(w.id, w.family.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'withdrawn' });
    expect((await api().withdraw(w.id, w.family.headers)).statusCode).toBe(409);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, w.fit.user.id));
    expect(told.some((n) => n.kind === 'care_request.closed')).toBe(true);
  });
});

describe.each(DB_KINDS)('care request rate limits on %s', (kind) => {
  const clock = new Date();
  const t = useTestApp(kind, {}, () => clock);
  const api = () => careRequestApi(t.app);

  it('refuses a family’s sixth request in a day with 429 and Retry-After', async () => {
    const family = await signedIn(t.database.db, { userType: 'family' });
    const body = requestBody(wednesdayAhead(3, clock));
    for (let i = 0; i < 5; i++) expect((await api().post(family.headers, body)).statusCode).toBe(201);
    const sixth = await api().post(family.headers, body);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBeDefined();
  });

  it('refuses a caregiver’s 21st application in an hour with 429', async () => {
    const cg = await signedInCaregiver(t.database.db, {
      kinds: ['senior-care'],
      user: { parish: 'Kingston' },
    });
    const ids: number[] = [];
    for (let f = 0; f < 5; f++) {
      const family = await signedIn(t.database.db, { userType: 'family' });
      for (let i = 0; i < 5; i++)
        ids.push((await api().post(family.headers, requestBody(wednesdayAhead(3, clock)))).json().id);
    }
    const apply = (id: number) => api().apply(id, cg.headers, { message: 'Happy to help', hourlyRate: 1500 });
    for (const id of ids.slice(0, 20)) expect((await apply(id)).statusCode).toBe(201);
    const over = await apply(ids[20]);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });
});
