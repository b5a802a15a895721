import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { bearer, createUser, loginToken } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { jpegPhoto, multipart, pngImage, windowsExecutable } from '../../test/uploads';

describe.each(DB_KINDS)('account details and photo on %s', (kind) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'yc-profile-'));
  const t = useTestApp(kind, { dataDir });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function signIn(userType: 'family' | 'caregiver' | 'admin', extra = {}) {
    const user = await createUser(t.database.db, { userType, ...extra });
    return { user, h: bearer(await loginToken(t.app, user.email)) };
  }

  it('PATCH /api/users/me lets a family change name, phone and town', async () => {
    const family = await signIn('family');
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: family.h,
      payload: { firstName: 'Kerry-Ann', lastName: 'Brown', phone: '876-555-0199', location: 'Ocho Rios' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Kerry-Ann',
      phone: '+18765550199',
      location: 'Ocho Rios',
      parish: 'St. Ann',
    });
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/me',
      headers: family.h,
      payload: { phone: '' },
    });
    expect(cleared.json().phone).toBeNull();
    for (const payload of [{ phone: '12' }, { location: 'Gotham' }, { firstName: '' }, {}]) {
      const bad = await t.app.inject({ method: 'PATCH', url: '/api/users/me', headers: family.h, payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/users/me', payload: { firstName: 'X' } })).statusCode,
    ).toBe(401);
  });

  it('photo upload: resized to 400 and 96 px WebP without EXIF, served with long caching', async () => {
    const family = await signIn('family');
    const photo = await jpegPhoto(2400, 1800);
    const body = multipart({ field: 'photo', filename: 'me.jpg', contentType: 'image/jpeg', data: photo });
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/photo',
      headers: { ...family.h, ...body.headers },
      payload: body.payload,
    });
    const ms = performance.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    console.info(`photo upload of a ${photo.length}-byte 2400x1800 JPEG: ${ms.toFixed(0)} ms`);
    const { profileImageUrl, thumbnailUrl } = res.json();
    expect(profileImageUrl).toMatch(/^\/api\/photos\/\d+-[0-9a-f]{32}-400\.webp$/);
    for (const [url, size] of [
      [profileImageUrl, 400],
      [thumbnailUrl, 96],
    ] as const) {
      const img = await t.app.inject({ method: 'GET', url });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
      expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(img.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', size, size]);
      expect(meta.exif).toBeUndefined();
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: family.h });
    expect(me.json().profileImageUrl).toBe(profileImageUrl);

    // A second photo replaces the first, whose files are removed.
    const png = multipart({
      field: 'photo',
      filename: 'me.png',
      contentType: 'image/png',
      data: await pngImage(),
    });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/photo',
      headers: { ...family.h, ...png.headers },
      payload: png.payload,
    });
    expect(second.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: profileImageUrl })).statusCode).toBe(404);
    for (const url of ['/api/photos/..%2F..%2Fetc%2Fpasswd', '/api/photos/1-abc-400.webp']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('photo upload refuses a renamed executable (415), more than 5 MB (413), no file (400) and visitors (401)', async () => {
    const carer = await signIn('caregiver');
    const exe = multipart({
      field: 'photo',
      filename: 'cute.jpg',
      contentType: 'image/jpeg',
      data: windowsExecutable(),
    });
    const r1 = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/photo',
      headers: { ...carer.h, ...exe.headers },
      payload: exe.payload,
    });
    expect(r1.statusCode).toBe(415);
    expect(r1.json().message).toMatch(/JPEG, PNG or WebP/);

    const big = Buffer.concat([await jpegPhoto(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const r2body = multipart({ field: 'photo', filename: 'big.jpg', contentType: 'image/jpeg', data: big });
    const r2 = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/photo',
      headers: { ...carer.h, ...r2body.headers },
      payload: r2body.payload,
    });
    expect(r2.statusCode).toBe(413);
    expect(r2.json().message).toMatch(/5 MB/);

    const none = multipart(null, { note: 'hi' });
    const r3 = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/photo',
      headers: { ...carer.h, ...none.headers },
      payload: none.payload,
    });
    expect(r3.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/photo',
      headers: carer.h,
      payload: {},
    });
    expect(json.statusCode).toBe(415);

    const ok = multipart({
      field: 'photo',
      filename: 'a.png',
      contentType: 'image/png',
      data: await pngImage(),
    });
    expect(
      (await t.injectAs(ok, { method: 'POST', url: '/api/users/me/photo', payload: ok.payload })).statusCode,
    ).toBe(401);
  });
});
