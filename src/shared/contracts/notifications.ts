import { z } from './zod';

export const NotificationItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;
export const NotificationsResponse = z.object({
  items: z.array(NotificationItem),
  unread: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;
