import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { publish } from '../../core/realtime-bus';
import { SUPPORT_ACCOUNT_EMAIL } from '../../core/support-account';
import type { Tx } from '../../db/client';
import { notifications, users } from '../../db/schema';

export interface NewNotification {
  userId: number;
  kind: string;
  title: string;
  body: string;
  link?: string | null;
}

/**
 * In-app notifications: any feature writes them inside its own transaction; the user's open pages hear
 * of it live (the realtime event goes out when that transaction commits).
 */
export const notificationRepo = {
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

  /** Marks every unread notification of the user read; returns how many. */
  async markAllRead(tx: Tx, userId: number): Promise<number> {
    const rows = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (rows.length > 0) await publish(tx, [userId], { type: 'notification', kind: 'read' });
    return rows.length;
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

  async list(tx: Tx, userId: number, limit: number) {
    const [items, [{ unread }]] = await Promise.all([
      tx
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit),
      tx
        .select({ unread: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
    ]);
    return { items, unread };
  },

  /** Marks one of the user's notifications read; false when it is not theirs (or does not exist). */
  async markRead(tx: Tx, userId: number, id: number): Promise<boolean> {
    const rows = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    if (rows.length > 0) await publish(tx, [userId], { type: 'notification', kind: 'read' });
    return rows.length > 0;
  },
};
