import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { NOTICE_GROUPS, type PreferenceMatrix } from '../../../shared/contracts/notification-preferences';
import { notificationPhones } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn } from '../../test/sign-in';

const off = { email: false, sms: false, whatsapp: false };
const matrix = (patch: Partial<PreferenceMatrix> = {}): PreferenceMatrix => ({
  bookings: { email: true, sms: false, whatsapp: false },
  visits: { email: true, sms: false, whatsapp: false },
  messages: { email: true, sms: false, whatsapp: false },
  reviews: { email: true, sms: false, whatsapp: false },
  support: { email: true, sms: false, whatsapp: false },
  marketing: off,
  ...patch,
});
const quietOff = { enabled: false, start: '22:00', end: '07:00' };

describe.each(DB_KINDS)('GET/PUT /api/notifications/preferences on %s', (kind) => {
  const t = useTestApp(kind);
  const get = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/notifications/preferences', headers });
  const put = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/notifications/preferences', headers, payload });

  it('signed-in users only', async () => {
    expect((await get({})).statusCode).toBe(401);
    expect((await put({}, { groups: matrix(), quietHours: quietOff })).statusCode).toBe(401);
  });

  it('defaults, then the whole matrix and quiet hours saved and read back', async () => {
    const { headers } = await signedIn(t.database.db, { timeZone: 'Europe/London' });
    const first = await get(headers);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      groups: matrix(),
      quietHours: quietOff,
      timeZone: 'Europe/London',
      phone: { number: null, verified: false, codeSentAt: null },
    });
    const body = {
      groups: matrix({ marketing: { email: true, sms: false, whatsapp: false }, reviews: off }),
      quietHours: { enabled: true, start: '21:30', end: '06:45' },
    };
    const saved = await put(headers, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject(body);
    expect((await get(headers)).json()).toMatchObject(body);
  });

  it('turning SMS or WhatsApp on needs a verified phone; one already on may stay on', async () => {
    const { user, headers } = await signedIn(t.database.db);
    const withSms = {
      groups: matrix({ visits: { email: true, sms: true, whatsapp: false } }),
      quietHours: quietOff,
    };
    const refused = await put(headers, withSms);
    expect(refused.statusCode).toBe(409);
    expect((await get(headers)).json().groups.visits.sms).toBe(false);

    await t.database.db
      .insert(notificationPhones)
      .values({ userId: user.id, phone: '+18765550190', verifiedAt: new Date() });
    expect((await put(headers, withSms)).statusCode).toBe(200);
    // A new number awaiting its code: the switch stays on (nothing is texted until it is proved)…
    await t.database.db
      .update(notificationPhones)
      .set({ phone: '+18765550191', verifiedAt: null })
      .where(eq(notificationPhones.userId, user.id));
    const keep = { ...withSms, quietHours: { enabled: true, start: '22:00', end: '07:00' } };
    expect((await put(headers, keep)).statusCode).toBe(200);
    // …but no other may be turned on.
    const more = {
      ...keep,
      groups: { ...keep.groups, bookings: { email: true, sms: false, whatsapp: true } },
    };
    expect((await put(headers, more)).statusCode).toBe(409);
  });

  it('hostile or partial input is a 400, never a 500', async () => {
    const { headers } = await signedIn(t.database.db);
    const { marketing: _, ...noMarketing } = matrix();
    for (const payload of [
      {},
      { groups: matrix() },
      { groups: noMarketing, quietHours: quietOff },
      {
        groups: matrix({ bookings: { email: 'yes', sms: false, whatsapp: false } as never }),
        quietHours: quietOff,
      },
      { groups: matrix(), quietHours: { enabled: true, start: '24:00', end: '07:00' } },
      { groups: matrix(), quietHours: { enabled: true, start: '7:00', end: '08:00' } },
      { groups: matrix(), quietHours: { enabled: true, start: '22:00', end: '22:00' } },
      { groups: matrix(), quietHours: { enabled: true, start: "22:00'; drop table users;--", end: '07:00' } },
      [],
    ]) {
      const res = await put(headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('the spec’s e-mail preferences API still works and is the e-mail column of the same groups', async () => {
    const { headers } = await signedIn(t.database.db);
    const legacy = await t.app.inject({ method: 'GET', url: '/api/notification-preferences', headers });
    expect(legacy.json()).toEqual({ messages: true, bookings: true, reviews: true, support: true });
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/notification-preferences',
      headers,
      payload: { messages: false, bookings: true, reviews: false, support: true },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ messages: false, bookings: true, reviews: false, support: true });
    const now = (await get(headers)).json().groups as PreferenceMatrix;
    expect(now.messages.email).toBe(false);
    expect(now.reviews.email).toBe(false);
    expect(now.bookings.email).toBe(true);
    // And the other way: the matrix's e-mail column is what the old API reads.
    await put(headers, { groups: matrix({ support: off }), quietHours: quietOff });
    const back = await t.app.inject({ method: 'GET', url: '/api/notification-preferences', headers });
    expect(back.json()).toEqual({ messages: true, bookings: true, reviews: true, support: false });
    expect(NOTICE_GROUPS).toHaveLength(6);
  });
});
