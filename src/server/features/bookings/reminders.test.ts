import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FeatureGate } from '../../../shared/plan-features';
import { deliveries, notificationPhones, notifications } from '../../db/schema';
import { runJob } from '../../jobs/scheduler';
import { createBooking, createCaregiver, createUser } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { queueNotice, reminderPolicy } from '../notifications/service';
import { bookingRemindersJob } from './jobs';
import { createBookingReminders } from './reminders';

const HOUR = 3_600_000;

/** Day-before booking reminders (issue 21): by SMS only on a plan that includes it, once per booking. */
describe.each(DB_KINDS)('booking reminders on %s', (kind) => {
  const t = useTestApp(kind);
  let family: Awaited<ReturnType<typeof createUser>>;
  let basic: Awaited<ReturnType<typeof createUser>>;
  let carer: Awaited<ReturnType<typeof createCaregiver>>;
  const gate: FeatureGate = {
    allows: async (userId, f) => userId === String(family.id) && f === 'sms_reminders',
  };

  beforeAll(async () => {
    family = await createUser(t.db, { firstName: 'Paula' });
    basic = await createUser(t.db, { firstName: 'Bev' });
    carer = await createCaregiver(t.db, { user: { firstName: 'Marcia', lastName: 'Campbell' } });
    // Both families have a verified phone; neither turned booking-update SMS on.
    await t.db.insert(notificationPhones).values([
      { userId: family.id, phone: '+18765550101', verifiedAt: new Date() },
      { userId: basic.id, phone: '+18765550102', verifiedAt: new Date() },
    ]);
  });

  const channelsOf = async (userId: number) =>
    (await t.db.select().from(deliveries).where(eq(deliveries.userId, userId)))
      .filter((d) => d.kind === 'booking.reminder')
      .map((d) => `${d.channel}:${d.destination}`)
      .sort();

  it('reminds the family from 24 h before a confirmed booking, texting only a plan with SMS reminders, once', async () => {
    const booking = (familyId: number, hour: number, status: 'confirmed' | 'pending' = 'confirmed') =>
      createBooking(t.db, {
        familyId,
        caregiverId: carer.caregiver.id,
        date: '2031-03-12',
        startHour: hour,
        status,
      });
    const paid = await booking(family.id, 9);
    const free = await booking(basic.id, 14);
    await booking(basic.id, 16, 'pending'); // not confirmed: no reminder
    const reminders = createBookingReminders({
      db: t.db,
      mailer: { kind: 'outbox', send: async () => {} },
      gate,
      notices: {
        queueReminder: (tx, n, at, sms) => queueNotice(tx, n, at, reminderPolicy(sms)),
      },
    });

    // 25 h before the first: too early for both.
    expect(await reminders.sendDue(new Date(paid.startsAt.getTime() - 25 * HOUR))).toEqual({ sent: 0 });
    // 23 h before the 2 PM one (18 h before the 9 AM one): both reminded.
    const at = new Date(free.startsAt.getTime() - 23 * HOUR);
    expect(await reminders.sendDue(at)).toEqual({ sent: 2 });
    expect(await channelsOf(family.id)).toEqual([`email:${family.email}`, 'sms:+18765550101']);
    expect(await channelsOf(basic.id)).toEqual([`email:${basic.email}`]);
    const [notice] = await t.db.select().from(notifications).where(eq(notifications.userId, family.id));
    expect(notice.title).toMatch(/^Reminder: Marcia comes \w+, \d+ March, 9:00 AM–11:00 AM$/);
    const sms = (await t.db.select().from(deliveries).where(eq(deliveries.channel, 'sms')))[0];
    expect(sms.body).toContain('Marcia C. is booked');

    // Again, and through the job on the app's gate (no plan open yet): nothing twice.
    expect(await reminders.sendDue(new Date(at.getTime() + HOUR))).toEqual({ sent: 0 });
    await runJob(t.app, bookingRemindersJob, new Date(at.getTime() + 2 * HOUR));
    expect(await channelsOf(family.id)).toHaveLength(2);
  });

  it('never texts a reminder on a plan without it, even with booking-update SMS switched on', async () => {
    const other = await createUser(t.db);
    await t.db
      .insert(notificationPhones)
      .values({ userId: other.id, phone: '+18765550103', verifiedAt: new Date() });
    await t.app.services.notificationPreferences.update(other.id, {
      groups: {
        bookings: { email: false, sms: true, whatsapp: false },
        visits: { email: true, sms: false, whatsapp: false },
        messages: { email: true, sms: false, whatsapp: false },
        reviews: { email: true, sms: false, whatsapp: false },
        support: { email: true, sms: false, whatsapp: false },
        marketing: { email: false, sms: false, whatsapp: false },
      },
      quietHours: { enabled: false, start: '22:00', end: '07:00' },
    });
    const b = await createBooking(t.db, {
      familyId: other.id,
      caregiverId: carer.caregiver.id,
      date: '2031-04-02',
      status: 'confirmed',
    });
    await runJob(t.app, bookingRemindersJob, new Date(b.startsAt.getTime() - 2 * HOUR));
    // In-app only: e-mail is off for booking updates and SMS reminders are not in their plan.
    expect(await channelsOf(other.id)).toEqual([]);
    const notices = await t.db.select().from(notifications).where(eq(notifications.userId, other.id));
    expect(notices.map((n) => n.kind)).toEqual(['booking.reminder']);
  });
});
