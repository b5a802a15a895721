import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { caregivers, mailOutbox, notifications, users, verifications } from '../../db/schema';
import { loginToken } from '../../test/factories';
import { DB_KINDS } from '../../test/harness';
import { completeVerification } from '../../test/verification';
import { type H, useAppWithFiles, verificationHelpers } from '../verification/testing';

const STEPS = ['email', 'phone', 'id', 'selfie', 'address', 'background'] as const;

describe.each(DB_KINDS)('admin review and suspension on %s', (kind) => {
  const t = useAppWithFiles(kind, 'yc-admin-');
  const { signIn, decide } = verificationHelpers(t);

  it('five approved steps of six leave the caregiver unverified, with no "verified" notification or e-mail', async () => {
    const admin = await signIn('admin');
    const carer = await signIn('caregiver');
    expect((await completeVerification(t.app, carer.h)).statusCode).toBe(200);
    for (const step of STEPS.filter((s) => s !== 'background')) {
      const res = await decide(admin.h, carer.user.id, { step, approved: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('submitted');
    }
    const [u] = await t.database.db.select().from(users).where(eq(users.id, carer.user.id));
    expect([u.verificationStatus, u.isVerified]).toEqual(['submitted', false]);
    const [v] = await t.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.userId, carer.user.id));
    expect([v.status, v.verifiedAt, v.verifiedBy]).toEqual(['submitted', null, null]);
    const kinds = (
      await t.database.db.select().from(notifications).where(eq(notifications.userId, carer.user.id))
    ).map((n) => n.kind);
    expect(kinds).not.toContain('verification.approved');
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, carer.user.email));
    expect(mails.map((m) => m.subject)).not.toContain("You're verified on YaadCare");
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: carer.h });
    expect(me.json()).toMatchObject({ isVerified: false, verificationStatus: 'submitted' });

    // The sixth approval verifies, and tells the caregiver once.
    const last = await decide(admin.h, carer.user.id, { step: 'background', approved: true });
    expect(last.json().status).toBe('approved');
    const after = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, carer.user.id));
    expect(after.filter((n) => n.kind === 'verification.approved')).toHaveLength(1);
  });

  it('flags a police record older than 12 months and reminds 30 days before it turns 12 months old', async () => {
    const admin = await signIn('admin');
    const stale = await signIn('caregiver');
    const old = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
    expect((await completeVerification(t.app, stale.h, { policeRecordIssuedAt: old })).statusCode).toBe(200);
    const queue = await t.app.inject({ method: 'GET', url: '/api/admin/verifications', headers: admin.h });
    expect(
      queue.json().items.find((i: { userId: number }) => i.userId === stale.user.id).policeRecordStale,
    ).toBe(true);

    const soon = await signIn('caregiver');
    const nearly = new Date(Date.now() - 345 * 86_400_000).toISOString().slice(0, 10);
    expect((await completeVerification(t.app, soon.h, { policeRecordIssuedAt: nearly })).statusCode).toBe(
      200,
    );
    const fresh = await signIn('caregiver');
    expect((await completeVerification(t.app, fresh.h)).statusCode).toBe(200);

    const run = await t.app.inject({
      method: 'POST',
      url: '/api/admin/jobs/police-record-reminders',
      headers: admin.h,
      payload: {},
    });
    expect(run.statusCode).toBe(200);
    expect(run.json().reminded).toBeGreaterThanOrEqual(2);
    const notesOf = async (h: H) =>
      (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: h })).json().items;
    expect((await notesOf(soon.h)).map((n: { kind: string }) => n.kind)).toContain(
      'verification.police-record-renewal',
    );
    expect((await notesOf(fresh.h)).map((n: { kind: string }) => n.kind)).not.toContain(
      'verification.police-record-renewal',
    );
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, soon.user.email))
      .orderBy(desc(mailOutbox.id));
    expect(mail.subject).toBe('Time to renew your police record');
    // Once per record.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/jobs/police-record-reminders',
      headers: admin.h,
      payload: {},
    });
    expect(again.json().reminded).toBe(0);
  });

  it('suspends a user: sessions end, login refused, a caregiver leaves search; restore brings them back', async () => {
    const admin = await signIn('admin');
    const carer = await signIn('caregiver');
    await t.app.inject({
      method: 'POST',
      url: '/api/caregivers',
      headers: carer.h,
      payload: {
        bio: 'Nanny',
        experience: 3,
        hourlyRate: 1500,
        skills: ['Infant Care'],
        kinds: ['child-care'],
      },
    });
    const url = `/api/admin/users/${carer.user.id}/suspension`;
    const res = await t.app.inject({ method: 'POST', url, headers: admin.h, payload: { suspended: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().suspendedAt).toEqual(expect.any(String));
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: carer.h })).statusCode).toBe(
      401,
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: carer.user.email, password: carer.user.plainPassword },
    });
    expect(login.statusCode).toBe(403);
    let [row] = await t.database.db.select().from(caregivers).where(eq(caregivers.userId, carer.user.id));
    expect(row.isActive).toBe(false);

    const restored = await t.app.inject({
      method: 'POST',
      url,
      headers: admin.h,
      payload: { suspended: false },
    });
    expect(restored.json().suspendedAt).toBeNull();
    [row] = await t.database.db.select().from(caregivers).where(eq(caregivers.userId, carer.user.id));
    expect(row.isActive).toBe(true);
    expect((await loginToken(t.app, carer.user.email)).length).toBeGreaterThan(10);

    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/users/${admin.user.id}/suspension`,
          headers: admin.h,
          payload: { suspended: true },
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/users/999999/suspension',
          headers: admin.h,
          payload: { suspended: true },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url, headers: admin.h, payload: { suspended: 'yes' } }))
        .statusCode,
    ).toBe(400);
  });
});
