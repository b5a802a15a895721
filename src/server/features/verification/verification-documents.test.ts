import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { DB_KINDS } from '../../test/harness';
import { jpegPhoto, multipart, pdfDocument, pngImage, windowsExecutable } from '../../test/uploads';
import { completeVerification, submission, upload } from '../../test/verification';
import { useAppWithFiles, verificationHelpers } from './testing';

describe.each(DB_KINDS)('verification on %s', (kind) => {
  const t = useAppWithFiles(kind, 'yc-verify-');
  const { signIn, post } = verificationHelpers(t);

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
        await t.injectAs(anon, {
          method: 'POST',
          url: '/api/verification/document/upload',
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

    // The owner and admins fetch it as an attachment; others are refused; nothing is public. The bytes are
    // in the default storage, PostgreSQL (ADR 0016), which every instance reads.
    expect(t.app.storage.kind).toBe('postgres');
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
