import { describe, expect, it } from 'vitest';
import { errorBody } from '../../test/error-body';
import { bearer, createUser, loginToken } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';

describe.each(DB_KINDS)('the outboxes on %s (demo mode)', (kind) => {
  const t = useTestApp(kind);
  const signIn = async (userType: 'family' | 'caregiver' | 'admin') => {
    const user = await createUser(t.database.db, { userType });
    return { user, h: bearer(await loginToken(t.app, user.email)) };
  };
  const get = (url: string, headers?: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers });

  it("hold every user's reset links and codes, so only an admin reads them: 401 visitor, 403 family and caregiver", async () => {
    const family = await signIn('family');
    const caregiver = await signIn('caregiver');
    const admin = await signIn('admin');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: family.user.email },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/verification/phone/send',
      headers: caregiver.h,
      payload: { phone: '876-555-0155' },
    });

    for (const url of ['/api/dev/outbox', '/api/dev/sms-outbox']) {
      const visitor = await get(url);
      expect(visitor.statusCode, url).toBe(401);
      expect(visitor.body).not.toContain(family.user.email);
      for (const who of [family, caregiver]) {
        const refused = await get(url, who.h);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json()).toEqual(errorBody(refused, 'FORBIDDEN', expect.any(String)));
      }
    }

    const mail = await get('/api/dev/outbox', admin.h);
    expect(mail.statusCode).toBe(200);
    expect(mail.json()[0]).toMatchObject({
      to: family.user.email,
      subject: 'Reset your YaadCare password',
      text: expect.stringMatching(/\/reset-password\?token=[\w-]{43}/),
    });
    const sms = await get('/api/dev/sms-outbox', admin.h);
    expect(sms.statusCode).toBe(200);
    expect(sms.json()[0]).toMatchObject({
      to: '+18765550155',
      body: expect.stringMatching(/^\d{6} is your YaadCare verification code/),
    });
  });
});
