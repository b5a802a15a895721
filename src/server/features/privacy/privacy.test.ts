import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client';
import {
  accountDeletions,
  bookings,
  caregivers,
  favourites,
  mailOutbox,
  messages,
  notificationPreferences,
  notifications,
  reviews,
  sessions,
  supportTickets,
  users,
  verificationDocuments,
  verifications,
} from '../../db/schema';
import { runJob } from '../../jobs/scheduler';
import { bearer, createCaregiver, createReview, createUser, loginToken } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { scrubDeletedAccountsJob } from './job';
import { deletedEmail } from './scrub';

const DAY = 24 * 60 * 60 * 1000;

let bookingSeq = 0;
async function booking(db: Tx, familyId: number, caregiverId: number, notes: string) {
  // A caregiver never holds two overlapping bookings: each test booking gets its own day.
  bookingSeq += 1;
  const startsAt = new Date(Date.now() + (5 + bookingSeq) * DAY);
  const [row] = await db
    .insert(bookings)
    .values({
      familyId,
      caregiverId,
      date: startsAt.toISOString().slice(0, 10),
      startTime: '09:00',
      endTime: '11:00',
      duration: 2,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * 3_600_000),
      hourlyRate: '1500.00',
      platformFee: '150.00',
      totalCost: '3150.00',
      status: 'pending',
      notes,
    })
    .returning();
  return row;
}

describe.each(DB_KINDS)('privacy: export and account deletion on %s', (kind) => {
  const t = useTestApp(kind);

  /** Two families and a caregiver who has worked for both; each has bookings, messages and a review. */
  async function world() {
    const db = t.database.db;
    const alice = await createUser(db, { firstName: 'Alice', lastName: 'Reid', phone: '+18765550001' });
    const bob = await createUser(db, { firstName: 'Bob', lastName: 'Grant', phone: '+18765550002' });
    const carer = await createCaregiver(db, {
      user: { firstName: 'Carla', lastName: 'Thompson', phone: '+18765550003' },
      bio: 'Twenty years caring for children in St. Andrew.',
    });
    const aliceBooking = await booking(db, alice.id, carer.caregiver.id, 'Gate code 4321');
    const bobBooking = await booking(db, bob.id, carer.caregiver.id, 'Bob private note');
    await db.insert(messages).values([
      { senderId: alice.id, receiverId: carer.user.id, content: 'Hello from Alice' },
      { senderId: carer.user.id, receiverId: alice.id, content: 'Hi Alice, Carla here' },
      { senderId: bob.id, receiverId: carer.user.id, content: 'Bob secret message' },
    ]);
    await createReview(db, {
      caregiverId: carer.caregiver.id,
      familyId: alice.id,
      rating: 5,
      comment: 'Alice says Carla was wonderful',
    });
    await createReview(db, {
      caregiverId: carer.caregiver.id,
      familyId: bob.id,
      rating: 4,
      comment: 'Bob review',
    });
    await db.insert(notifications).values([
      { userId: alice.id, kind: 'test', title: 'For Alice', body: 'alice only' },
      { userId: bob.id, kind: 'test', title: 'For Bob', body: 'bob only' },
    ]);
    return { alice, bob, carer, aliceBooking, bobBooking };
  }

  it('export: a JSON attachment of the caller’s own data only, never another user’s contact details', async () => {
    const { alice, bob, carer, aliceBooking, bobBooking } = await world();
    const token = await loginToken(t.app, alice.email);
    const res = await t.app.inject({ method: 'GET', url: '/api/me/export', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="yaadcare-data-\d+-\d{4}-\d\d-\d\d\.json"$/,
    );
    const data = res.json();
    expect(data.profile).toMatchObject({ id: alice.id, email: alice.email, phone: '+18765550001' });
    expect(data.profile).not.toHaveProperty('password');
    expect(data.caregiver).toBeNull();
    // Her request and the completed booking behind her review; never Bob's.
    const ids = data.bookings.map((b: { id: number }) => b.id);
    expect(ids).toHaveLength(2);
    expect(ids).toContain(aliceBooking.id);
    expect(ids).not.toContain(bobBooking.id);
    expect(data.bookings.find((b: { id: number }) => b.id === aliceBooking.id)).toMatchObject({
      role: 'family',
      notes: 'Gate code 4321',
      caregiver: { name: 'Carla T.' },
    });
    expect(data.messages.map((m: { content: string }) => m.content)).toEqual([
      'Hello from Alice',
      'Hi Alice, Carla here',
    ]);
    expect(data.reviews).toHaveLength(1);
    expect(data.reviews[0]).toMatchObject({ role: 'written', rating: 5 });
    expect(data.notifications.map((n: { title: string }) => n.title)).toEqual(['For Alice']);

    const text = res.body;
    for (const secret of [
      bob.email,
      carer.user.email,
      '+18765550002',
      '+18765550003',
      'Bob private note',
      'Bob secret message',
      'Bob review',
      'bob only',
      'Grant',
    ]) {
      expect(text, secret).not.toContain(secret);
    }

    // The caregiver's export holds their profile and what they received from both families, names shortened.
    const carerExport = (
      await t.app.inject({
        method: 'GET',
        url: '/api/me/export',
        headers: bearer(await loginToken(t.app, carer.user.email)),
      })
    ).json();
    expect(carerExport.caregiver).toMatchObject({
      id: carer.caregiver.id,
      bio: expect.stringContaining('Twenty'),
    });
    expect(carerExport.bookings.every((b: { role: string }) => b.role === 'caregiver')).toBe(true);
    expect(JSON.stringify(carerExport)).not.toContain(alice.email);
    expect(JSON.stringify(carerExport)).not.toContain(bob.email);
  });

  it('export: nobody can ask for another user’s data, and visitors are refused', async () => {
    const { alice, bob } = await world();
    const token = await loginToken(t.app, bob.email);
    for (const url of [`/api/me/export?userId=${alice.id}`, `/api/me/export?id=${alice.id}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect(res.json().profile.id).toBe(bob.id);
      expect(res.body).not.toContain(alice.email);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/me/export' })).statusCode).toBe(401);
  });

  it('delete: needs the right password; then revokes every session, refuses logins and hides the caregiver', async () => {
    const { carer } = await world();
    const db = t.database.db;
    const first = await loginToken(t.app, carer.user.email);
    const second = await loginToken(t.app, carer.user.email);

    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/me', payload: { password: 'x' } })).statusCode,
    ).toBe(401);
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(first),
      payload: { password: 'not-my-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'password', message: 'Password is incorrect' }]);
    const empty = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(first),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/caregivers/${carer.caregiver.id}` })).statusCode,
    ).toBe(200);
    const listed = await t.app.inject({ method: 'GET', url: '/api/caregivers/search?limit=50' });
    expect(listed.json().map((c: { id: number }) => c.id)).toContain(carer.caregiver.id);

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(first),
      payload: { password: carer.user.plainPassword },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/within 30 days/);

    for (const token of [first, second]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/me/export', headers: bearer(token) });
      expect(me.statusCode).toBe(401);
    }
    const live = await db.select().from(sessions).where(eq(sessions.userId, carer.user.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: carer.user.email, password: carer.user.plainPassword },
    });
    expect(login.statusCode).toBe(401);
    // Hidden from search and from the public profile at once.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/caregivers/${carer.caregiver.id}` })).statusCode,
    ).toBe(404);
    const search = await t.app.inject({ method: 'GET', url: '/api/caregivers/search?limit=50' });
    expect(search.json().map((c: { id: number }) => c.id)).not.toContain(carer.caregiver.id);

    // An admin cannot bring a deleted account back.
    const admin = await createUser(db, { userType: 'admin' });
    const restore = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${carer.user.id}/suspension`,
      headers: bearer(await loginToken(t.app, admin.email)),
      payload: { suspended: false },
    });
    expect(restore.statusCode).toBe(409);
    const listed2 = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?q=${encodeURIComponent(carer.user.email)}`,
      headers: bearer(await loginToken(t.app, admin.email)),
    });
    expect(listed2.json().users[0]).toMatchObject({ id: carer.user.id, deletedAt: expect.any(String) });
    // Admin accounts are not deleted this way.
    const adminDelete = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(await loginToken(t.app, admin.email)),
      payload: { password: admin.plainPassword },
    });
    expect(adminDelete.statusCode).toBe(409);
  });

  it('the job scrubs personal data 30 days after deletion (not before), keeping the booking and review rows', async () => {
    const { alice, carer, aliceBooking } = await world();
    const db = t.database.db;
    await db.insert(verifications).values({ userId: alice.id, address: '12 Hope Road', idNumber: 'TRN 123' });
    await db.insert(verificationDocuments).values({
      userId: alice.id,
      type: 'id',
      storageKey: `documents/${alice.id}/0123456789abcdef0123456789abcdef.pdf`,
      contentType: 'application/pdf',
      size: 10,
    });
    await db.insert(favourites).values({ familyId: alice.id, caregiverId: carer.caregiver.id });
    await db.insert(notificationPreferences).values({ userId: alice.id, group: 'messages', email: false });
    const token = await loginToken(t.app, alice.email);
    await t.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      headers: bearer(token),
      payload: {
        name: 'Alice Reid',
        email: alice.email,
        category: 'account',
        subject: 'Closing my account',
        message: 'Please tell me what happens to my data.',
      },
      remoteAddress: '198.51.100.7',
    });
    const deletedAt = Date.now();
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: bearer(token),
      payload: { password: alice.plainPassword },
    });
    expect(res.statusCode).toBe(200);

    const early = await runJob(t.app, scrubDeletedAccountsJob, new Date(deletedAt + 29 * DAY));
    expect(early.ran).toBe(true);
    const [notYet] = await db.select().from(users).where(eq(users.id, alice.id));
    expect(notYet.email).toBe(alice.email);
    expect(notYet.firstName).toBe('Alice');

    await runJob(t.app, scrubDeletedAccountsJob, new Date(deletedAt + 31 * DAY));
    const [scrubbed] = await db.select().from(users).where(eq(users.id, alice.id));
    expect(scrubbed).toMatchObject({
      email: deletedEmail(alice.id),
      firstName: 'Deleted',
      lastName: 'user',
      phone: null,
      location: null,
      profileImageUrl: null,
    });
    const [kept] = await db.select().from(bookings).where(eq(bookings.id, aliceBooking.id));
    expect(kept).toMatchObject({ familyId: alice.id, totalCost: '3150.00', notes: null });
    const aliceReviews = await db.select().from(reviews).where(eq(reviews.familyId, alice.id));
    expect(aliceReviews).toHaveLength(1);
    expect(aliceReviews[0]).toMatchObject({ rating: 5, comment: null });
    const sent = await db.select().from(messages).where(eq(messages.senderId, alice.id));
    expect(sent.map((m) => m.content)).toEqual(['[deleted]']);
    const received = await db.select().from(messages).where(eq(messages.receiverId, alice.id));
    expect(received.map((m) => m.content)).toEqual(['Hi Alice, Carla here']);
    expect(await db.select().from(notifications).where(eq(notifications.userId, alice.id))).toHaveLength(0);
    expect(await db.select().from(favourites).where(eq(favourites.familyId, alice.id))).toHaveLength(0);
    expect(
      await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, alice.id)),
    ).toHaveLength(0);
    expect(await db.select().from(verifications).where(eq(verifications.userId, alice.id))).toHaveLength(0);
    expect(
      await db.select().from(verificationDocuments).where(eq(verificationDocuments.userId, alice.id)),
    ).toHaveLength(0);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, alice.email))).toHaveLength(0);
    const [ticket] = await db.select().from(supportTickets).where(eq(supportTickets.userId, alice.id));
    expect(ticket).toMatchObject({
      email: deletedEmail(alice.id),
      message: '[deleted]',
      name: 'Deleted user',
    });
    const [record] = await db.select().from(accountDeletions).where(eq(accountDeletions.userId, alice.id));
    expect(record.scrubbedAt).not.toBeNull();
    // Other people's data is untouched.
    const [carerRow] = await db.select().from(caregivers).where(eq(caregivers.id, carer.caregiver.id));
    expect(carerRow.bio).toContain('Twenty years');

    // A second run finds nothing to do.
    const again = await runJob(t.app, scrubDeletedAccountsJob, new Date(deletedAt + 32 * DAY));
    expect(again.result).toEqual({ scrubbed: 0 });
  });
});
