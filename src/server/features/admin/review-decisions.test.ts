import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { allVerificationFlags } from '../../../shared/contracts/verification';
import { mailOutbox, users, verifications } from '../../db/schema';
import { DB_KINDS } from '../../test/harness';
import { jpegPhoto } from '../../test/uploads';
import { completeVerification, submission, upload } from '../../test/verification';
import { type H, useAppWithFiles, verificationHelpers } from '../verification/testing';

describe.each(DB_KINDS)('admin review and suspension on %s', (kind) => {
  const t = useAppWithFiles(kind, 'yc-admin-');
  const { signIn, decide } = verificationHelpers(t);

  it('refuses visitors (401) and non-admins (403) on every admin route', async () => {
    const family = await signIn('family');
    const carer = await signIn('caregiver');
    const routes: [string, string, object?][] = [
      ['GET', '/api/admin/users'],
      ['POST', `/api/admin/users/${family.user.id}/suspension`, { suspended: true }],
      ['GET', '/api/admin/verifications?status=submitted'],
      ['GET', `/api/admin/verifications/${carer.user.id}`],
      ['POST', `/api/admin/verifications/${carer.user.id}/decision`, { step: 'email', approved: true }],
      ['POST', '/api/admin/jobs/police-record-reminders', {}],
    ];
    for (const [method, url, payload] of routes) {
      const inject = (headers?: H) =>
        t.app.inject({ method: method as 'GET' | 'POST', url, headers, ...(payload ? { payload } : {}) });
      expect((await inject()).statusCode, `${method} ${url} visitor`).toBe(401);
      for (const who of [family, carer]) {
        const res = await inject(who.h);
        expect(res.statusCode, `${method} ${url} ${who.user.userType}`).toBe(403);
        expect(res.json().message).toEqual(expect.any(String));
      }
    }
    const routeList = t.app.printRoutes({ commonPrefix: false });
    expect(routeList).toContain('admin');
  });

  it('queue → reject a step with a reason → caregiver told (email + in-app) → fixes and resubmits → approve all → verified', async () => {
    const admin = await signIn('admin');
    const carer = await signIn('caregiver', { firstName: 'Tanisha' });
    const pending = await signIn('caregiver');
    await t.app.inject({
      method: 'POST',
      url: '/api/verification',
      headers: pending.h,
      payload: { userId: pending.user.id },
    });

    // Not submitted yet: no decision possible.
    expect((await decide(admin.h, pending.user.id, { step: 'email', approved: true })).statusCode).toBe(409);
    expect((await completeVerification(t.app, carer.h)).statusCode).toBe(200);

    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/admin/verifications?status=submitted',
      headers: admin.h,
    });
    expect(queue.statusCode).toBe(200);
    const item = queue.json().items.find((i: { userId: number }) => i.userId === carer.user.id);
    expect(item).toMatchObject({ firstName: 'Tanisha', status: 'submitted', policeRecordStale: false });
    expect(queue.json().items.some((i: { userId: number }) => i.userId === pending.user.id)).toBe(false);
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/admin/verifications?status=submitted&q=tanisha',
      headers: admin.h,
    });
    expect(search.json().total).toBe(1);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/verifications?status=lost', headers: admin.h }))
        .statusCode,
    ).toBe(400);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/verifications/${carer.user.id}`,
      headers: admin.h,
    });
    expect(detail.json().documents).toHaveLength(4);
    const doc = await t.app.inject({ method: 'GET', url: detail.json().documents[0].url, headers: admin.h });
    expect(doc.statusCode).toBe(200);

    // Bad decisions.
    expect((await decide(admin.h, carer.user.id, { step: 'selfie', approved: false })).statusCode).toBe(400);
    expect((await decide(admin.h, carer.user.id, { step: 'dna', approved: true })).statusCode).toBe(400);
    expect((await decide(admin.h, 999999, { step: 'email', approved: true })).statusCode).toBe(404);

    for (const step of ['email', 'phone', 'id', 'address', 'background']) {
      const res = await decide(admin.h, carer.user.id, { step, approved: true });
      expect(res.statusCode, res.body).toBe(200);
    }
    const rejected = await decide(admin.h, carer.user.id, {
      step: 'selfie',
      approved: false,
      reason: 'Your face is not visible: take the photo in daylight',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      selfieVerified: false,
      idVerified: true,
      steps: {
        selfie: { state: 'rejected', reason: 'Your face is not visible: take the photo in daylight' },
      },
    });
    let [u] = await t.database.db.select().from(users).where(eq(users.id, carer.user.id));
    expect([u.verificationStatus, u.isVerified]).toEqual(['rejected', false]);
    const [v] = await t.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.userId, carer.user.id));
    expect(v.verifiedBy).toBeNull();
    expect(v.reviews.id).toMatchObject({ approved: true, by: admin.user.id });
    expect(v.reviews.selfie).toMatchObject({ approved: false, by: admin.user.id });

    // Told by e-mail and in the app.
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, carer.user.email))
      .orderBy(desc(mailOutbox.id));
    expect(mail.text).toContain('face is not visible');
    const notes = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: carer.h });
    expect(notes.json().unread).toBeGreaterThan(0);
    expect(notes.json().items[0]).toMatchObject({ kind: 'verification.rejected', link: '/background-check' });
    const other = await signIn('caregiver');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/notifications/${notes.json().items[0].id}/read`,
          headers: other.h,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/notifications/${notes.json().items[0].id}/read`,
          headers: carer.h,
        })
      ).statusCode,
    ).toBe(204);

    // Resubmitting without fixing is refused; a new selfie and a resubmission go back to the queue.
    const unfixed = await t.app.inject({
      method: 'POST',
      url: '/api/verification/submit',
      headers: carer.h,
      payload: submission(),
    });
    expect(unfixed.statusCode).toBe(400);
    expect(unfixed.json().message).toMatch(/Selfie/);
    expect((await upload(t.app, carer.h, 'selfie', await jpegPhoto(300, 300))).statusCode).toBe(201);
    const resubmitted = await t.app.inject({
      method: 'POST',
      url: '/api/verification/submit',
      headers: carer.h,
      payload: submission(),
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json()).toMatchObject({
      status: 'submitted',
      steps: { selfie: { state: 'done' }, id: { state: 'approved' } },
    });

    const approved = await decide(admin.h, carer.user.id, { step: 'selfie', approved: true });
    expect(approved.json()).toMatchObject({
      status: 'approved',
      ...allVerificationFlags(true),
      rejectionReason: null,
    });
    [u] = await t.database.db.select().from(users).where(eq(users.id, carer.user.id));
    expect([u.verificationStatus, u.isVerified]).toEqual(['approved', true]);
    const [done] = await t.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.userId, carer.user.id));
    expect(done.verifiedBy).toBe(admin.user.id);
    expect(done.verifiedAt).toBeInstanceOf(Date);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: carer.h });
    expect(me.json()).toMatchObject({ isVerified: true, verificationStatus: 'approved' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/verifications?status=approved',
      headers: admin.h,
    });
    expect(list.json().items.some((i: { userId: number }) => i.userId === carer.user.id)).toBe(true);
  });

  it('Approving a step the user has not done is refused (409): no selfie uploaded, phone not verified', async () => {
    const admin = await signIn('admin');
    const carer = await signIn('caregiver');
    // A record in the review queue whose caregiver never uploaded a selfie nor proved a phone (a record
    // sent for review before every step was required, or a phone an admin rejected since).
    await t.app.inject({
      method: 'POST',
      url: '/api/verification',
      headers: carer.h,
      payload: { userId: carer.user.id },
    });
    await t.database.db
      .update(verifications)
      .set({ status: 'submitted', submittedAt: new Date(), emailVerified: true })
      .where(eq(verifications.userId, carer.user.id));
    for (const step of ['selfie', 'phone'] as const) {
      const res = await decide(admin.h, carer.user.id, { step, approved: true });
      expect(res.statusCode, `${step}: ${res.body}`).toBe(409);
      expect(res.json().message).toMatch(/not completed/);
    }
    // Nothing was recorded: no review, no flag, no badge.
    const [v] = await t.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.userId, carer.user.id));
    expect(v.reviews).toEqual({});
    expect([v.selfieVerified, v.phoneVerified, v.status]).toEqual([false, false, 'submitted']);
    // The step the caregiver did (e-mail) can be approved.
    expect((await decide(admin.h, carer.user.id, { step: 'email', approved: true })).statusCode).toBe(200);

    // A phone the reviewer rejected must be proved again before it can be approved.
    const other = await signIn('caregiver');
    expect((await completeVerification(t.app, other.h)).statusCode).toBe(200);
    const rejected = await decide(admin.h, other.user.id, {
      step: 'phone',
      approved: false,
      reason: 'Not yours',
    });
    expect(rejected.json()).toMatchObject({ phoneVerified: false, steps: { phone: { state: 'rejected' } } });
    expect((await decide(admin.h, other.user.id, { step: 'phone', approved: true })).statusCode).toBe(409);
  });
});
