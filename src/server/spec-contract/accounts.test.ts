/**
 * The spec's client contract (see testing.ts) for accounts: signing up, signing in and out, the password
 * reset, and the verification calls.
 */
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { allVerificationFlags } from '../../shared/contracts/verification';
import { mailOutbox } from '../db/schema';
import { DB_KINDS } from '../test/harness';
import { jpegPhoto, multipart } from '../test/uploads';
import { mailedEmailToken, textedOtp } from '../test/verification';
import { ok, PASSWORD, useSpecClient } from './testing';

describe.each(DB_KINDS)('the spec client contract (docs/product.md#the-api-contract) on %s', (kind) => {
  const { t, call, send, carer, family, signUp, signups } = useSpecClient(kind);

  it('POST /api/auth/signup {userType, firstName, lastName, email, location, password, phone?} → token, user', async () => {
    for (const [who, userType, phone] of signups) {
      const res = await signUp(who, userType, phone);
      const body = res.json();
      expect(body).toMatchObject({ token: expect.any(String), user: { email: who.email, userType } });
      expect(body.user).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          firstName: expect.any(String),
          lastName: expect.any(String),
          location: 'Montego Bay',
          isVerified: false,
          verificationStatus: expect.any(String),
        }),
      );
      expect(body.user).toHaveProperty('phone');
      expect(body.user).toHaveProperty('profileImageUrl');
    }
  });

  it('POST /api/auth/login {email, password} → token, user', async () => {
    const res = ok(
      await send('POST /api/auth/login', undefined, { email: family.email, password: PASSWORD }),
    );
    expect(res.json()).toMatchObject({ token: expect.any(String), user: { id: family.userId } });
    family.token = res.json().token;
  });

  it('GET /api/auth/me with the Bearer token → the user object', async () => {
    const res = ok(await call('GET', '/api/auth/me', family.token));
    expect(res.json()).toMatchObject({ id: family.userId, email: family.email, userType: 'family' });
  });

  it('GET /api/verification/{userId} fails before a record exists; POST /api/verification {userId} creates one; then the six flags', async () => {
    const first = await call('GET', `/api/verification/${carer.userId}`, carer.token);
    if (first.statusCode !== 200) {
      // The spec's client: 'if it fails, POST /api/verification with userId creates one'.
      expect(first.statusCode).toBe(404);
      ok(await send('POST /api/verification', carer.token, { userId: carer.userId }));
    }
    const res = ok(await call('GET', `/api/verification/${carer.userId}`, carer.token));
    expect(res.json()).toMatchObject({
      ...allVerificationFlags(false),
    });
  });

  it('POST /api/verification/email/send {userId}, then /email/verify {token} with the mailed token', async () => {
    ok(await send('POST /api/verification/email/send', carer.token, { userId: carer.userId }));
    const token = await mailedEmailToken(t.database.db, carer.email);
    ok(await send('POST /api/verification/email/verify', carer.token, { token }));
  });

  it('POST /api/verification/phone/send {userId}, then /phone/verify {userId, otp} with the texted code', async () => {
    ok(await send('POST /api/verification/phone/send', carer.token, { userId: carer.userId }));
    const otp = await textedOtp(t.database.db, '+18765550142');
    ok(await send('POST /api/verification/phone/verify', carer.token, { userId: carer.userId, otp }));
    const flags = ok(await call('GET', `/api/verification/${carer.userId}`, carer.token)).json();
    expect(flags).toMatchObject({ emailVerified: true, phoneVerified: true });
  });

  it.each(['id', 'selfie', 'address'])(
    'POST /api/verification/document/upload multipart {document, userId, documentType: %s}',
    async (documentType) => {
      const body = multipart(
        {
          field: 'document',
          filename: `${documentType}.jpg`,
          contentType: 'image/jpeg',
          data: await jpegPhoto(640, 480),
        },
        { userId: String(carer.userId), documentType },
      );
      ok(
        await t.app.inject({
          method: 'POST',
          url: '/api/verification/document/upload',
          headers: { authorization: `Bearer ${carer.token}`, ...body.headers },
          payload: body.payload,
        }),
      );
    },
  );

  it('POST /api/auth/forgot-password {email}, then /reset-password {token, newPassword, confirmPassword} with the mailed token', async () => {
    ok(await send('POST /api/auth/forgot-password', undefined, { email: family.email }));
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, family.email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const token = decodeURIComponent(mail?.text.match(/\/reset-password\?token=([^\s&]+)/)?.[1] ?? '');
    expect(token, 'a reset link in the mail outbox').not.toBe('');
    const newPassword = 'Negril-Sunset-Sound-77';
    ok(
      await send('POST /api/auth/reset-password', undefined, {
        token,
        newPassword,
        confirmPassword: newPassword,
      }),
    );
    const login = ok(
      await send('POST /api/auth/login', undefined, { email: family.email, password: newPassword }),
    );
    family.token = login.json().token;
  });

  it('navigation to /api/logout from the menu signs the user out', async () => {
    const login = ok(
      await send('POST /api/auth/login', undefined, { email: carer.email, password: PASSWORD }),
    );
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect(cookie).not.toBe('');
    // A same-origin top-level navigation, as a click on the menu's link makes it.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: {
        cookie,
        'sec-fetch-site': 'same-origin',
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
      },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(300);
    expect(res.statusCode).toBeLessThan(400);
    expect(res.headers.location).toMatch(/^\/(\?|$)/);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(
      401,
    );
  });
});
