import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deliveries } from '../../db/schema';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { signedIn } from '../../test/sign-in';
import { queueNotice } from './outbox';

describe.each(DB_KINDS)('the privacy export holds the notices sent to me on %s', (kind) => {
  const t = useTestApp(kind);

  const notice = (user: { id: number; email: string }, body: string) =>
    t.db.transaction((tx) =>
      queueNotice(tx, {
        userId: user.id,
        email: user.email,
        kind: 'booking.confirmed',
        title: 'Booking confirmed',
        body,
        link: '/bookings',
      }),
    );

  it('lists what each notice said, where it went and how far it got; never another person’s; nothing about the provider', async () => {
    const me = await signedIn(t.db, { userType: 'family' });
    const someoneElse = await signedIn(t.db, { userType: 'family' });
    await notice(me.user, 'Your booking with Shanique W. on Friday is confirmed.');
    await notice(someoneElse.user, 'A notice for somebody else.');
    const [row] = await t.db.select().from(deliveries).where(eq(deliveries.userId, me.user.id));
    await t.db
      .update(deliveries)
      .set({ provider: 'twilio', providerMessageId: 'SM-provider-id-0001', lastError: 'E30003' })
      .where(eq(deliveries.id, row.id));

    const res = await t.injectAs(me, { method: 'GET', url: '/api/me/export' });
    expect(res.statusCode).toBe(200);
    const exported = res.json() as { notificationDeliveries: Record<string, unknown>[] };
    expect(exported.notificationDeliveries).toEqual([
      expect.objectContaining({
        kind: 'booking.confirmed',
        channel: 'email',
        destination: me.user.email,
        body: expect.stringContaining('Shanique W. on Friday is confirmed'),
        status: expect.any(String),
      }),
    ]);
    expect(res.body).not.toContain('somebody else');
    expect(res.body).not.toContain('SM-provider-id-0001');
    expect(res.body).not.toContain('E30003');
  });
});
