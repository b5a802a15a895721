import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, notifications } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn, signedInCaregiver } from '../../test/sign-in';
import { daysAhead, panelBody, requestBooking } from '../bookings/testing';
import { setEmailPreferences, wantsEmail } from './preferences';

describe.each(DB_KINDS)('e-mail preferences on %s', (kind) => {
  const t = useTestApp(kind);

  it('wantsEmail: every kind on by default, off once turned off', async () => {
    const { user } = await signedIn(t.database.db);
    for (const k of ['messages', 'bookings', 'reviews', 'support'] as const) {
      expect(await wantsEmail(t.database.db, user.id, k)).toBe(true);
    }
    await setEmailPreferences(t.database.db, user.id, {
      messages: true,
      bookings: false,
      reviews: true,
      support: true,
    });
    expect(await wantsEmail(t.database.db, user.id, 'bookings')).toBe(false);
    expect(await wantsEmail(t.database.db, user.id, 'messages')).toBe(true);
  });

  it('a caregiver with booking e-mails off gets the in-app notification of a request but no e-mail', async () => {
    const family = await signedIn(t.database.db, { userType: 'family' });
    const quiet = await signedInCaregiver(t.database.db);
    const loud = await signedInCaregiver(t.database.db);
    await setEmailPreferences(t.database.db, quiet.user.id, {
      messages: true,
      bookings: false,
      reviews: true,
      support: true,
    });
    for (const cg of [quiet, loud]) {
      const res = await requestBooking(t.app, family.headers, panelBody(cg.caregiver.id, daysAhead(5)));
      expect(res.statusCode).toBeLessThan(300);
    }
    const mailsTo = (email: string) =>
      t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    const notesOf = (id: number) =>
      t.database.db.select().from(notifications).where(eq(notifications.userId, id));
    expect(await mailsTo(loud.user.email)).toHaveLength(1);
    expect(await mailsTo(quiet.user.email)).toHaveLength(0);
    expect((await notesOf(quiet.user.id)).some((n) => n.kind === 'booking.pending')).toBe(true);
  });
});
