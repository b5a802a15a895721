import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationPhones, notificationPreferences, quietHours, smsOutbox } from '../../db/schema';
import { runJob } from '../../jobs/scheduler';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn } from '../../test/sign-in';
import { scrubDeletedAccountsJob } from '../privacy/job';

const DAY = 24 * 60 * 60_000;

describe.each(DB_KINDS)('notification preferences and the notice phone in privacy on %s', (kind) => {
  const t = useTestApp(kind);

  async function withChoices() {
    const me = await signedIn(t.database.db);
    const sent = await t.injectAs(me, {
      method: 'POST',
      url: '/api/users/me/phone',
      payload: { phone: '876-555-0150' },
    });
    expect(sent.statusCode).toBe(200);
    const put = await t.injectAs(me, {
      method: 'PUT',
      url: '/api/notifications/preferences',
      payload: {
        groups: {
          bookings: { email: true, sms: false, whatsapp: false },
          visits: { email: false, sms: false, whatsapp: false },
          messages: { email: true, sms: false, whatsapp: false },
          reviews: { email: true, sms: false, whatsapp: false },
          support: { email: true, sms: false, whatsapp: false },
          marketing: { email: true, sms: false, whatsapp: false },
        },
        quietHours: { enabled: true, start: '21:00', end: '06:00' },
      },
    });
    expect(put.statusCode).toBe(200);
    return me;
  }

  it('the export holds the matrix, quiet hours and the phone with its verification state, never a code', async () => {
    const me = await withChoices();
    const res = await t.injectAs(me, { method: 'GET', url: '/api/me/export' });
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.notificationPreferences).toMatchObject({
      groups: { visits: { email: false }, marketing: { email: true } },
      quietHours: { enabled: true, start: '21:00', end: '06:00' },
      phone: { number: '+18765550150', verifiedAt: null },
    });
    expect(data.emailPreferences).toEqual({ messages: true, bookings: true, reviews: true, support: true });
    expect(res.body).not.toMatch(/code_?hash/i);
  });

  it('account deletion scrubs the choices, the phone and the texts sent to it', async () => {
    const me = await withChoices();
    const db = t.database.db;
    const deletedAt = Date.now();
    const del = await t.injectAs(me, {
      method: 'DELETE',
      url: '/api/me',
      payload: { password: me.user.plainPassword },
    });
    expect(del.statusCode).toBe(200);
    await runJob(t.app, scrubDeletedAccountsJob, new Date(deletedAt + 31 * DAY));
    const id = me.user.id;
    expect(
      await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, id)),
    ).toEqual([]);
    expect(await db.select().from(quietHours).where(eq(quietHours.userId, id))).toEqual([]);
    expect(await db.select().from(notificationPhones).where(eq(notificationPhones.userId, id))).toEqual([]);
    expect(await db.select().from(smsOutbox).where(eq(smsOutbox.to, '+18765550150'))).toEqual([]);
  });
});
