import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { allVerificationFlags } from '../../../shared/contracts/verification';
import { mailOutbox, smsOutbox, users, verifications } from '../../db/schema';
import { DB_KINDS } from '../../test/harness';
import { mailedEmailToken, textedOtp } from '../../test/verification';
import { useAppWithFiles, verificationHelpers } from './testing';

describe.each(DB_KINDS)('verification on %s', (kind) => {
  const t = useAppWithFiles(kind, 'yc-verify-');
  const { signIn, post } = verificationHelpers(t);

  it('GET/POST /api/verification: only the user (or an admin); 404 before a record exists', async () => {
    const me = await signIn('caregiver');
    const other = await signIn('caregiver');
    const admin = await signIn('admin');
    const url = `/api/verification/${me.user.id}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: me.h })).statusCode).toBe(404);
    expect((await post('/api/verification', other.h, { userId: me.user.id })).statusCode).toBe(403);
    const created = await post('/api/verification', me.h, { userId: me.user.id });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      userId: me.user.id,
      ...allVerificationFlags(false),
      status: 'pending',
    });
    expect((await post('/api/verification', me.h, { userId: me.user.id })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: me.h })).statusCode).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url, headers: other.h });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toEqual(expect.any(String));
    expect((await t.app.inject({ method: 'GET', url, headers: admin.h })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/verification/abc', headers: me.h })).statusCode,
    ).toBe(400);
  });

  it('GET …?ifExists=true: 200 and null before a record exists (issue 32), the record after; without it still 404; others still 403', async () => {
    const me = await signIn('caregiver');
    const other = await signIn('caregiver');
    const url = `/api/verification/${me.user.id}?ifExists=true`;
    const none = await t.app.inject({ method: 'GET', url, headers: me.h });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/verification/${me.user.id}`, headers: me.h }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: other.h })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    await post('/api/verification', me.h, { userId: me.user.id });
    const found = await t.app.inject({ method: 'GET', url, headers: me.h });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ userId: me.user.id, status: 'pending' });
  });

  it('email: a single-use 24 h link, never in the answer; the demo token, a reused, expired or foreign token all fail', async () => {
    const me = await signIn('caregiver');
    const other = await signIn('caregiver');
    expect((await post('/api/verification/email/send', undefined)).statusCode).toBe(401);
    expect((await post('/api/verification/email/send', me.h, { userId: other.user.id })).statusCode).toBe(
      403,
    );
    const sent = await post('/api/verification/email/send', me.h, { userId: me.user.id });
    expect(sent.statusCode).toBe(200);
    // Demo mode too: the link reaches the mailbox only, or anyone could confirm any address.
    expect(sent.json()).toEqual({ message: `We sent a verification link to ${me.user.email}.` });
    const token = await mailedEmailToken(t.database.db, me.user.email);
    expect(token).toMatch(/^[\w-]{43}$/);
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, me.user.email))
      .orderBy(desc(mailOutbox.id));
    expect(mail.text).toContain(`/background-check?emailToken=${encodeURIComponent(token)}`);
    expect(sent.body).not.toContain(token);
    // Only the hash is stored.
    const [row] = await t.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.userId, me.user.id));
    expect(row.emailToken).not.toBe(token);
    expect(row.emailTokenExpiry!.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    expect((await post('/api/verification/email/send', me.h)).statusCode).toBe(429);

    const demo = await post('/api/verification/email/verify', me.h, { token: 'demo-verification-token' });
    expect(demo.statusCode).toBe(400);
    expect(demo.json().message).toBe('Invalid or expired verification token.');
    expect((await post('/api/verification/email/verify', other.h, { token })).json().message).toBe(
      'Invalid or expired verification token.',
    );
    expect((await post('/api/verification/email/verify', me.h, { token: '' })).statusCode).toBe(400);

    const ok = await post('/api/verification/email/verify', me.h, { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ emailVerified: true, steps: { email: { state: 'done' } } });
    const reused = await post('/api/verification/email/verify', me.h, { token });
    expect(reused.statusCode).toBe(400);
    expect((await post('/api/verification/email/send', me.h)).statusCode).toBe(409);

    // Expired.
    const late = await signIn('caregiver');
    await post('/api/verification/email/send', late.h);
    const lateToken = await mailedEmailToken(t.database.db, late.user.email);
    await t.database.db
      .update(verifications)
      .set({ emailTokenExpiry: new Date(Date.now() - 1000) })
      .where(eq(verifications.userId, late.user.id));
    const expired = await post('/api/verification/email/verify', late.h, { token: lateToken });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('Invalid or expired verification token.');
  });

  it('phone: a 6-digit SMS code, never in the answer; wrong, expired, resend too soon', async () => {
    const me = await signIn('caregiver', { phone: null });
    expect((await post('/api/verification/phone/send', me.h)).statusCode).toBe(400);
    expect((await post('/api/verification/phone/send', me.h, { phone: 'call me' })).statusCode).toBe(400);
    const sent = await post('/api/verification/phone/send', me.h, { phone: '876-555-0142' });
    expect(sent.statusCode).toBe(200);
    // Demo mode too: the code reaches the phone (the SMS outbox) only.
    expect(sent.json()).toEqual({ message: 'We sent a 6-digit code to +18765550142.' });
    const otp = await textedOtp(t.database.db, '+18765550142');
    expect(otp).toMatch(/^\d{6}$/);
    expect(sent.body).not.toContain(otp);
    const [sms] = await t.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.to, '+18765550142'))
      .orderBy(desc(smsOutbox.id));
    expect(sms.body).toContain(otp);
    const [row] = await t.database.db
      .select()
      .from(verifications)
      .where(eq(verifications.userId, me.user.id));
    expect(row.phoneOtp).not.toContain(otp);

    const soon = await post('/api/verification/phone/send', me.h, { phone: '876-555-0142' });
    expect(soon.statusCode).toBe(429);
    expect(soon.headers['retry-after']).toBeDefined();

    const wrongCode = otp === '000000' ? '111111' : '000000';
    const wrong = await post('/api/verification/phone/verify', me.h, { otp: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid or expired OTP.');
    expect((await post('/api/verification/phone/verify', me.h, { otp: '12345' })).statusCode).toBe(400);
    expect((await post('/api/verification/phone/verify', me.h, { otp: '1234567' })).statusCode).toBe(400);

    await t.database.db
      .update(verifications)
      .set({ phoneOtpExpiry: new Date(Date.now() - 1000) })
      .where(eq(verifications.userId, me.user.id));
    const expired = await post('/api/verification/phone/verify', me.h, { otp });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('Invalid or expired OTP.');

    // A minute later a new code works, and the account takes the verified number.
    await t.database.db
      .update(verifications)
      .set({ phoneOtpSentAt: new Date(Date.now() - 61_000) })
      .where(eq(verifications.userId, me.user.id));
    const again = await post('/api/verification/phone/send', me.h, { phone: '876-555-0142' });
    expect(again.statusCode).toBe(200);
    const newCode = await textedOtp(t.database.db, '+18765550142');
    const ok = await post('/api/verification/phone/verify', me.h, { otp: newCode });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ phoneVerified: true, phone: '+18765550142' });
    const [u] = await t.database.db.select().from(users).where(eq(users.id, me.user.id));
    expect(u.phone).toBe('+18765550142');
    expect((await post('/api/verification/phone/verify', me.h, { otp: newCode })).statusCode).toBe(400);
  });

  it('phone: after 5 wrong codes even the right one is refused until a new code is sent', async () => {
    const me = await signIn('caregiver', { phone: '+18765550177' });
    await post('/api/verification/phone/send', me.h);
    const otp = await textedOtp(t.database.db, '+18765550177');
    const wrongCode = otp === '999999' ? '888888' : '999999';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await post('/api/verification/phone/verify', me.h, { otp: wrongCode })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await post('/api/verification/phone/verify', me.h, { otp });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/new code/);
    await t.database.db
      .update(verifications)
      .set({ phoneOtpSentAt: new Date(Date.now() - 61_000) })
      .where(eq(verifications.userId, me.user.id));
    await post('/api/verification/phone/send', me.h);
    const fresh = await textedOtp(t.database.db, '+18765550177');
    expect((await post('/api/verification/phone/verify', me.h, { otp: fresh })).statusCode).toBe(200);
  });
});
