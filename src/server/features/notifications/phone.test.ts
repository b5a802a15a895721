import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationPhones, smsOutbox, verifications } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn } from '../../test/sign-in';
import { verifiedPhone } from './phone';

const MINUTE = 60_000;

describe.each(DB_KINDS)('a verified phone for notices on %s', (kind) => {
  let clock = new Date('2026-06-01T15:00:00Z');
  const t = useTestApp(kind, {}, () => clock);
  const tick = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  const send = (headers: Record<string, string>, phone: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/me/phone', headers, payload: { phone } });
  const verify = (headers: Record<string, string>, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/me/phone/verify', headers, payload: { code } });
  const lastCodeTo = async (phone: string) => {
    const [sms] = await t.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.to, phone))
      .orderBy(desc(smsOutbox.id))
      .limit(1);
    return /\b(\d{6})\b/.exec(sms.body)![1];
  };
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('a family texts a code to their number, proves it, and the code is never in a response', async () => {
    const { user, headers } = await signedIn(t.database.db, { userType: 'family' });
    const res = await send(headers, '876-555-0101');
    expect(res.statusCode).toBe(200);
    const code = await lastCodeTo('+18765550101');
    expect(res.body).not.toContain(code);
    expect(res.json()).toMatchObject({ phone: { number: '+18765550101', verified: false } });
    const [row] = await t.database.db
      .select()
      .from(notificationPhones)
      .where(eq(notificationPhones.userId, user.id));
    expect(row.codeHash).not.toContain(code);
    expect(await verifiedPhone(t.database.db, user.id)).toBeUndefined();

    const ok = await verify(headers, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ number: '+18765550101', verified: true, codeSentAt: null });
    expect(await verifiedPhone(t.database.db, user.id)).toBe('+18765550101');
    // The same number again: nothing to prove.
    expect((await send(headers, '+18765550101')).statusCode).toBe(409);
  });

  it('a code proves the number for the user it was sent to only', async () => {
    const owner = await signedIn(t.database.db);
    const stranger = await signedIn(t.database.db);
    await send(owner.headers, '876-555-0112');
    const code = await lastCodeTo('+18765550112');
    expect((await verify(stranger.headers, code)).statusCode).toBe(400);
    await send(stranger.headers, '876-555-0113');
    expect((await verify(stranger.headers, code)).statusCode).toBe(400);
    expect(await verifiedPhone(t.database.db, stranger.user.id)).toBeUndefined();
    expect((await verify(owner.headers, code)).statusCode).toBe(200);
  });

  it('changing the number un-verifies it until the new code comes back', async () => {
    const { user, headers } = await signedIn(t.database.db);
    await send(headers, '876-555-0102');
    await verify(headers, await lastCodeTo('+18765550102'));
    tick(2 * MINUTE);
    expect((await send(headers, '876-555-0103')).statusCode).toBe(200);
    expect(await verifiedPhone(t.database.db, user.id)).toBeUndefined();
    const state = await t.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers });
    expect(state.json().phone).toMatchObject({ number: '+18765550103', verified: false });
    await verify(headers, await lastCodeTo('+18765550103'));
    expect(await verifiedPhone(t.database.db, user.id)).toBe('+18765550103');
  });

  it('a code expires after 10 minutes on the app clock', async () => {
    const { headers } = await signedIn(t.database.db);
    await send(headers, '876-555-0104');
    const code = await lastCodeTo('+18765550104');
    tick(10 * MINUTE + 1000);
    const res = await verify(headers, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('TOKEN_INVALID_OR_EXPIRED');
  });

  it('five wrong codes lock the code, even the right one then fails', async () => {
    const { headers } = await signedIn(t.database.db);
    await send(headers, '876-555-0105');
    const code = await lastCodeTo('+18765550105');
    for (let i = 1; i <= 4; i++) expect((await verify(headers, wrong(code))).statusCode).toBe(400);
    const fifth = await verify(headers, wrong(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().code).toBe('CODE_ATTEMPTS_EXCEEDED');
    expect((await verify(headers, code)).statusCode).toBe(429);
  });

  it('one code a minute, five an hour per user, and five an hour to one number across accounts', async () => {
    const { headers } = await signedIn(t.database.db);
    expect((await send(headers, '876-555-0106')).statusCode).toBe(200);
    const again = await send(headers, '876-555-0106');
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) {
      tick(MINUTE);
      expect((await send(headers, '876-555-0106')).statusCode).toBe(200);
    }
    tick(MINUTE);
    expect((await send(headers, '876-555-0107')).statusCode).toBe(429);

    tick(61 * MINUTE);
    const target = '876-555-0199';
    for (let i = 0; i < 5; i++) {
      const other = await signedIn(t.database.db);
      expect((await send(other.headers, target)).statusCode).toBe(200);
    }
    const sixth = await signedIn(t.database.db);
    expect((await send(sixth.headers, target)).statusCode).toBe(429);
  });

  it('refuses the anonymous, a wrong shape and hostile input with a 4xx', async () => {
    expect((await send({}, '876-555-0108')).statusCode).toBe(401);
    const anonVerify = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/phone/verify',
      payload: { code: '123456' },
    });
    expect(anonVerify.statusCode).toBe(401);
    const { headers } = await signedIn(t.database.db);
    for (const phone of ['12', 'not a phone', '8'.repeat(40), '']) {
      expect((await send(headers, phone)).statusCode).toBe(400);
    }
    for (const code of ['12345', 'abcdef', '1234567', '']) {
      expect((await verify(headers, code)).statusCode).toBe(400);
    }
    // Verifying with no code sent: a plain 400.
    expect((await verify(headers, '123456')).statusCode).toBe(400);
  });

  it('a caregiver’s number proved in verification is their notice phone until they set another', async () => {
    const { user, headers } = await signedIn(t.database.db, { userType: 'caregiver' });
    await t.database.db
      .insert(verifications)
      .values({ userId: user.id, phone: '+18765550110', phoneVerified: true });
    expect(await verifiedPhone(t.database.db, user.id)).toBe('+18765550110');
    const res = await t.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers });
    expect(res.json().phone).toEqual({ number: '+18765550110', verified: true, codeSentAt: null });
    expect((await send(headers, '+18765550110')).statusCode).toBe(409);
    await send(headers, '876-555-0111');
    expect(await verifiedPhone(t.database.db, user.id)).toBeUndefined();
  });
});
