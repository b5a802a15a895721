import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveries, mailOutbox, messages, notificationPhones } from '../../db/schema';
import { runJob } from '../../jobs/scheduler';
import { bearer, createUser, loginToken } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { setEmailPreferences } from './preferences';
import { unreadMessageEmailJob } from './unread-email-job';

const MIN = 60_000;

describe.each(DB_KINDS)('unread-message e-mails on %s', (kind) => {
  const t = useTestApp(kind);

  async function conversation() {
    const family = await createUser(t.database.db, {
      userType: 'family',
      firstName: 'Natalie',
      lastName: 'Robinson',
    });
    const caregiver = await createUser(t.database.db, { userType: 'caregiver', firstName: 'Shanique' });
    const fh = bearer(await loginToken(t.app, family.email));
    const send = async (content: string, at: Date) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/messages',
        headers: fh,
        payload: { receiverId: caregiver.id, content },
      });
      expect(res.statusCode).toBe(201);
      await t.database.db.update(messages).set({ createdAt: at }).where(eq(messages.id, res.json().id));
      return res.json().id as number;
    };
    const mailsTo = () => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, caregiver.email));
    return { family, caregiver, send, mailsTo };
  }

  it('e-mails after 15 minutes unread, at most once per conversation an hour, and not once read', async () => {
    const { caregiver, family, send, mailsTo } = await conversation();
    const t0 = new Date('2030-01-01T12:00:00Z');
    await send('Hello, are you free Friday?', t0);

    await runJob(t.app, unreadMessageEmailJob, new Date(t0.getTime() + 14 * MIN));
    expect(await mailsTo()).toHaveLength(0);

    await runJob(t.app, unreadMessageEmailJob, new Date(t0.getTime() + 16 * MIN));
    const [mail] = await mailsTo();
    expect(mail.subject).toBe('New message from Natalie R. on YaadCare');
    expect(mail.text).toContain(`/chat/${family.id}`);
    expect(mail.text).not.toContain('Hello, are you free Friday?');

    // The same message is never mailed twice; a newer one waits for the hour to pass.
    await runJob(t.app, unreadMessageEmailJob, new Date(t0.getTime() + 30 * MIN));
    await send('Also Saturday?', new Date(t0.getTime() + 20 * MIN));
    await runJob(t.app, unreadMessageEmailJob, new Date(t0.getTime() + 40 * MIN));
    expect(await mailsTo()).toHaveLength(1);
    await runJob(t.app, unreadMessageEmailJob, new Date(t0.getTime() + 77 * MIN));
    expect(await mailsTo()).toHaveLength(2);

    // Read messages get no e-mail.
    await send('One more thing', new Date(t0.getTime() + 150 * MIN));
    const ch = bearer(await loginToken(t.app, caregiver.email));
    await t.app.inject({ method: 'POST', url: `/api/conversations/${family.id}/read`, headers: ch });
    await runJob(t.app, unreadMessageEmailJob, new Date(t0.getTime() + 200 * MIN));
    expect(await mailsTo()).toHaveLength(2);
  });

  it('sends nothing to a user who turned message e-mails off', async () => {
    const { caregiver, send, mailsTo } = await conversation();
    await setEmailPreferences(t.database.db, caregiver.id, {
      messages: false,
      bookings: true,
      reviews: true,
      support: true,
    });
    const t0 = new Date('2031-01-01T12:00:00Z');
    await send('Hello?', t0);
    await runJob(t.app, unreadMessageEmailJob, new Date(t0.getTime() + 20 * MIN));
    expect(await mailsTo()).toHaveLength(0);
  });

  it('texts the unread-message notice to a receiver who chose SMS for unread messages (the outbox, ADR 0033)', async () => {
    const { caregiver, send, mailsTo } = await conversation();
    await t.database.db
      .insert(notificationPhones)
      .values({ userId: caregiver.id, phone: '+18765550177', verifiedAt: new Date() });
    const prefs = await t.app.services.notificationPreferences.get(caregiver.id);
    await t.app.services.notificationPreferences.update(caregiver.id, {
      groups: { ...prefs.groups, messages: { email: false, sms: true, whatsapp: false } },
      quietHours: prefs.quietHours,
    });
    const t0 = new Date('2032-01-01T15:00:00Z');
    await send('Can you do Friday?', t0);
    await runJob(t.app, unreadMessageEmailJob, new Date(t0.getTime() + 16 * MIN));
    expect(await mailsTo()).toHaveLength(0);
    const rows = await t.database.db.select().from(deliveries).where(eq(deliveries.userId, caregiver.id));
    expect(rows.map((r) => [r.kind, r.channel, r.destination])).toEqual([
      ['message.unread', 'sms', '+18765550177'],
    ]);
    expect(rows[0].body).toMatch(
      /^YaadCare: Natalie R\. sent you a message\. Read and reply: .*\/chat\/\d+$/,
    );
    expect(rows[0].body).not.toContain('Can you do Friday?');
  });
});
