import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { notifications, users } from '../db/schema';
import { publish } from './realtime-bus';
import { SUPPORT_ACCOUNT_EMAIL } from './support-account';

export interface NewNotification {
  userId: number;
  kind: string;
  title: string;
  body: string;
  link?: string | null;
}

/**
 * The in-app notice writer (issue 31): any feature writes a notice row inside its own transaction and the
 * user's open pages hear of it live (the realtime event goes out when that transaction commits). No product
 * rules: which notices exist and what they say is each feature's business; listing and reading them is the
 * notifications feature's; the delivery outbox (e-mail, SMS, preferences) stays in that feature too.
 */
export const inAppNotices = {
  async add(tx: Tx, n: NewNotification): Promise<void> {
    await tx.insert(notifications).values({ ...n, link: n.link ?? null });
    await publish(tx, [n.userId], { type: 'notification', kind: n.kind });
  },

  /** The same notification for every admin (e.g. a verification waiting for review). */
  async addForAdmins(tx: Tx, n: Omit<NewNotification, 'userId'>): Promise<void> {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.userType, 'admin'), sql`lower(${users.email}) <> ${SUPPORT_ACCOUNT_EMAIL}`));
    if (admins.length === 0) return;
    await tx.insert(notifications).values(admins.map((a) => ({ ...n, userId: a.id, link: n.link ?? null })));
    await publish(
      tx,
      admins.map((a) => a.id),
      { type: 'notification', kind: n.kind },
    );
  },

  /** Marks the user's unread notifications pointing at `link` read (e.g. a chat they just read). */
  async markReadByLink(tx: Tx, userId: number, link: string): Promise<void> {
    const rows = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(
        and(eq(notifications.userId, userId), eq(notifications.link, link), isNull(notifications.readAt)),
      )
      .returning({ id: notifications.id });
    if (rows.length > 0) await publish(tx, [userId], { type: 'notification', kind: 'read' });
  },
};
