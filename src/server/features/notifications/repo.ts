import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notifications, users } from '../../db/schema';

export interface NewNotification {
  userId: number;
  kind: string;
  title: string;
  body: string;
  link?: string | null;
}

/** In-app notifications: any feature writes them inside its own transaction. */
export const notificationRepo = {
  async add(tx: Tx, n: NewNotification): Promise<void> {
    await tx.insert(notifications).values({ ...n, link: n.link ?? null });
  },

  /** The same notification for every admin (e.g. a verification waiting for review). */
  async addForAdmins(tx: Tx, n: Omit<NewNotification, 'userId'>): Promise<void> {
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.userType, 'admin'));
    if (admins.length === 0) return;
    await tx.insert(notifications).values(admins.map((a) => ({ ...n, userId: a.id, link: n.link ?? null })));
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
    return rows.length > 0;
  },
};
