import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { mailOutbox, smsOutbox, users, verifications } from '../../db/schema';
import { bearer, createUser, loginToken } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { jpegPhoto, multipart, pdfDocument, pngImage, windowsExecutable } from '../../test/uploads';
import {
  completeVerification,
  mailedEmailToken,
  submission,
  textedOtp,
  upload,
} from '../../test/verification';

type H = Record<string, string>;

describe.each(DB_KINDS)('verification on %s', (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'yc-verify-'));
  const t = useTestApp(kind, { dataDir });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function signIn(userType: 'family' | 'caregiver' | 'admin', extra = {}) {
    const user = await createUser(t.database.db, { userType, ...extra });
    return { user, h: bearer(await loginToken(t.app, user.email)) };
  }
  const post = (url: string, h: H | undefined, payload: unknown = {}) =>
    t.app.inject({ method: 'POST', url, headers: h, payload: payload as object });

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
      emailVerified: false,
      phoneVerified: false,
      idVerified: false,
      selfieVerified: false,
      addressVerified: false,
      backgroundCheckVerified: false,
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

  it('documents: types decided by the bytes; 10 MB limit; stored privately, EXIF stripped', async () => {
    const me = await signIn('caregiver');
    const jpeg = await jpegPhoto(800, 600);
    const id = await upload(t.app, me.h, 'id', jpeg, 'id.jpg');
    expect(id.statusCode, id.body).toBe(201);
    expect(id.json()).toMatchObject({ message: 'Document uploaded successfully', document: { type: 'id' } });
    const pdf = await upload(t.app, me.h, 'address', pdfDocument(), 'bill.pdf', 'application/pdf');
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json().document.contentType).toBe('application/pdf');
    // A PNG named .pdf is still a PNG, and fine as an ID.
    const png = await upload(t.app, me.h, 'police', await pngImage(), 'record.pdf', 'application/pdf');
    expect(png.json().document.contentType).toBe('image/png');

    const selfiePdf = await upload(t.app, me.h, 'selfie', pdfDocument(), 'me.pdf', 'application/pdf');
    expect(selfiePdf.statusCode).toBe(415);
    expect(selfiePdf.json().message).toMatch(/selfie/i);
    const exe = await upload(t.app, me.h, 'id', windowsExecutable(), 'passport.jpg', 'image/jpeg');
    expect(exe.statusCode).toBe(415);
    const text = await upload(
      t.app,
      me.h,
      'id',
      Buffer.from('just some words, not a document'),
      'id.png',
      'image/png',
    );
    expect(text.statusCode).toBe(415);
    const big = await upload(
      t.app,
      me.h,
      'id',
      Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024)]),
      'big.jpg',
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toMatch(/10 MB/);
    expect((await upload(t.app, me.h, 'passport', jpeg)).statusCode).toBe(400);
    const json = await post('/api/verification/document/upload', me.h, { documentType: 'id' });
    expect(json.statusCode).toBe(415);
    const anon = multipart(
      { field: 'document', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg },
      { documentType: 'id' },
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/verification/document/upload',
          headers: anon.headers,
          payload: anon.payload,
        })
      ).statusCode,
    ).toBe(401);
    const other = await signIn('caregiver');
    const foreign = multipart(
      { field: 'document', filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg },
      { documentType: 'id', userId: String(me.user.id) },
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/verification/document/upload',
          headers: { ...other.h, ...foreign.headers },
          payload: foreign.payload,
        })
      ).statusCode,
    ).toBe(403);

    // Two files in one upload are refused.
    const boundary = '----twofiles';
    const part = (name: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        jpeg,
        Buffer.from('\r\n'),
      ]);
    const two = await t.app.inject({
      method: 'POST',
      url: '/api/verification/document/upload',
      headers: { ...me.h, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([part('document'), part('document'), Buffer.from(`--${boundary}--\r\n`)]),
    });
    expect([400, 413]).toContain(two.statusCode);
    expect(two.json().message).toEqual(expect.any(String));

    // The owner and admins fetch it as an attachment; others are refused; nothing is public.
    const url = id.json().document.url;
    const own = await t.app.inject({ method: 'GET', url, headers: me.h });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['content-disposition']).toMatch(/^attachment; filename="id-\d+\.jpeg"$/);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['cache-control']).toBe('private, no-store');
    const meta = await sharp(own.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(own.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url, headers: other.h })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const admin = await signIn('admin');
    expect((await t.app.inject({ method: 'GET', url, headers: admin.h })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/verification/documents/999999', headers: me.h }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/files/documents' })).statusCode).toBe(404);
  });

  it('submit: needs every step, valid references, consent and a past issue date', async () => {
    const me = await signIn('caregiver');
    const early = await post('/api/verification/submit', me.h, submission());
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/^Finish these steps first: Email, Phone/);
    for (const bad of [
      { consent: false },
      { references: [submission().references[0]] },
      { references: [{ name: 'A', relationship: 'B', phone: 'none' }, submission().references[1]] },
      { policeRecordIssuedAt: '2025-13-45' },
      { emergencyContact: '' },
      { idNumber: undefined },
    ]) {
      const res = await post('/api/verification/submit', me.h, submission(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const future = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    expect(
      (await post('/api/verification/submit', me.h, submission({ policeRecordIssuedAt: future }))).statusCode,
    ).toBe(400);

    const res = await completeVerification(t.app, me.h);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'submitted',
      address: '12 Hope Road, Kingston 6',
      idNumber: '123-456-789',
      consent: true,
      policeRecordStale: false,
      steps: {
        email: { state: 'done' },
        phone: { state: 'done' },
        id: { state: 'done' },
        selfie: { state: 'done' },
        address: { state: 'done' },
        background: { state: 'done' },
      },
    });
    expect(res.json().references).toHaveLength(2);
    expect(
      res
        .json()
        .documents.map((d: { type: string }) => d.type)
        .sort(),
    ).toEqual(['address', 'id', 'police', 'selfie']);
    const [u] = await t.database.db.select().from(users).where(eq(users.id, me.user.id));
    expect(u.verificationStatus).toBe('submitted');
    expect(u.isVerified).toBe(false);
  });

  it('details: PATCH saves the step data for the user only', async () => {
    const me = await signIn('caregiver');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/verification/details',
      headers: me.h,
      payload: { idNumber: 'TRN 111-222-333', address: '5 Main Street, Mandeville', notes: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ idNumber: 'TRN 111-222-333', address: '5 Main Street, Mandeville' });
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/verification/details', headers: me.h, payload: {} }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/verification/details', payload: { idNumber: 'x' } }))
        .statusCode,
    ).toBe(401);
  });
});
