import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedFiles } from '../db/schema';
import type { S3Settings } from '../env';
import { verificationHelpers } from '../features/verification/testing';
import { useTestApp } from '../test/harness';
import { startTestS3, type TestS3 } from '../test/s3';
import { jpegPhoto, multipart } from '../test/uploads';
import { upload } from '../test/verification';

// The whole app with S3 storage. On the default storage, PostgreSQL, verification-documents.test.ts and
// account.test.ts check the same routes on every DB_KINDS.
describe('the app on S3 storage (s3rver)', () => {
  let s3: TestS3;
  const env: { s3?: S3Settings } = {};
  beforeAll(async () => {
    s3 = await startTestS3();
    env.s3 = s3.settings;
  });
  // Registered after the server starts: the app's env reads `env.s3` when its own beforeAll runs.
  const t = useTestApp('pglite', env);
  afterAll(async () => {
    await s3?.close();
  });
  const { signIn } = verificationHelpers(t);

  it('serves a document only to its owner and admins, never to a stranger or a visitor', async () => {
    expect(t.app.storage.kind).toBe('s3');
    const owner = await signIn('caregiver');
    const res = await upload(t.app, owner.h, 'id', await jpegPhoto(64, 48), 'id.jpg');
    expect(res.statusCode, res.body).toBe(201);
    expect(await t.database.db.$count(storedFiles)).toBe(0);
    const url: string = res.json().document.url;
    const own = await t.app.inject({ method: 'GET', url, headers: owner.h });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.rawPayload.length).toBeGreaterThan(100);
    const stranger = await signIn('caregiver');
    const refused = await t.app.inject({ method: 'GET', url, headers: stranger.h });
    expect(refused.statusCode).toBe(403);
    expect(refused.rawPayload.includes(own.rawPayload.subarray(0, 64))).toBe(false);
    const family = await signIn('family');
    expect((await t.app.inject({ method: 'GET', url, headers: family.h })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const admin = await signIn('admin');
    const seen = await t.app.inject({ method: 'GET', url, headers: admin.h });
    expect(seen.rawPayload.equals(own.rawPayload)).toBe(true);
  });

  it('stores and serves profile photos', async () => {
    const family = await signIn('family');
    const photo = multipart({
      field: 'photo',
      filename: 'me.jpg',
      contentType: 'image/jpeg',
      data: await jpegPhoto(300, 300),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/photo',
      headers: { ...family.h, ...photo.headers },
      payload: photo.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const img = await t.app.inject({ method: 'GET', url: res.json().profileImageUrl });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
  });
});
