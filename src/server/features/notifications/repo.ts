import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { inAppNotices } from '../../core/in-app-notices';
import { publish } from '../../core/realtime-bus';
import type { Tx } from '../../db/client';
import { notifications } from '../../db/schema';

export type { NewNotification } from '../../core/in-app-notices';

/**
 * In-app notifications: writing them is the core's in-app notice writer (any feature, inside its own
 * transaction); listing and marking them read is this feature's.
 */
export const notificationRepo = {
  ...inAppNotices,

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
