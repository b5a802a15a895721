import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FeatureGate } from '../../../shared/plan-features';
import { mailOutbox } from '../../db/schema';
import { bearer, createUser, loginToken } from '../../test/factories';
import { DB_KINDS, useTestApp } from '../../test/harness';
import { createSupportService } from './service';

const SUPPORT = 'help-desk@yaadcare.test';
const message = (subject: string) => ({
  name: 'Sasha Morgan',
  email: 'ignored@example.test',
  category: 'bookings' as const,
  subject,
  message: 'Can I move my booking on Saturday from 9 AM to 11 AM without cancelling it?',
});

/** Priority support (issue 21): a paying family's ticket goes first in the queue with a shorter promise. */
describe.each(DB_KINDS)('priority support on %s', (kind) => {
  const t = useTestApp(kind, { supportEmail: SUPPORT });

  it('puts a Family Plan ticket first in the admin queue and promises a reply within 4 hours; Basic keeps one business day', async () => {
    const db = t.database.db;
    const paying = await createUser(db, { firstName: 'Paula' });
    const basic = await createUser(db, { firstName: 'Bev' });
    const gate: FeatureGate = {
      allows: async (userId, f) => userId === String(paying.id) && f === 'priority_support',
    };
    const support = createSupportService({
      db,
      mailer: t.app.mailer,
      supportEmail: SUPPORT,
      publicUrl: '',
      gate,
    });
    const asUser = (u: typeof paying) => ({ ...u, email: u.email }) as Parameters<typeof support.create>[0];
    const first = await support.create(asUser(paying), message('Priority question'));
    const later = await support.create(asUser(basic), message('Basic question'));
    expect(later.id).toBeGreaterThan(first.id);

    // The admin queue: the priority ticket first although it is older.
    const admin = await createUser(db, { userType: 'admin' });
    const token = await loginToken(t.app, admin.email);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/support/tickets?status=open',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { id: number; priority: boolean; replyBy: string; createdAt: string }[];
    const ours = items.filter((i) => i.id === first.id || i.id === later.id);
    expect(ours.map((i) => [i.id, i.priority])).toEqual([
      [first.id, true],
      [later.id, false],
    ]);
    expect(new Date(ours[0].replyBy).getTime()).toBeLessThan(new Date(ours[1].replyBy).getTime());

    const mail = async (to: string) => (await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0];
    expect((await mail(paying.email)).text).toContain('priority support');
    expect((await mail(paying.email)).text).toContain('within 4 business hours');
    expect((await mail(basic.email)).text).toContain('usually within one business day');
    expect((await mail(basic.email)).text).not.toContain('priority');
    // Nobody else sees the queue.
    const family = await loginToken(t.app, basic.email);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/support/tickets?status=open',
      headers: bearer(family),
    });
    expect(refused.statusCode).toBe(403);
  });
});
