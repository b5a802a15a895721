import { Id } from './common';
import { z } from './zod';

/** How notices leave YaadCare besides the in-app list (ADR 0033). */
export const DELIVERY_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export const DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Rows a page of the delivery lists holds. */
export const DELIVERIES_PAGE_SIZE = 25;

const Page = z.coerce
  .number({ error: 'page must be a whole number from 1' })
  .int('page must be a whole number from 1')
  .min(1, 'page must be a whole number from 1')
  .max(100_000, 'page is too large')
  .default(1);

export const MyDeliveriesQuery = z.object({ page: Page });
export type MyDeliveriesQuery = z.input<typeof MyDeliveriesQuery>;

/** One of my notices on one channel: what was sent, where, and how far it got. Nothing about providers. */
export const MyDelivery = z.object({
  id: z.number().int(),
  kind: z.string(),
  channel: z.enum(DELIVERY_CHANNELS),
  /** The address or number it went to. */
  destination: z.string(),
  subject: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MyDelivery = z.infer<typeof MyDelivery>;

export const MyDeliveriesResponse = z.object({
  items: z.array(MyDelivery),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type MyDeliveriesResponse = z.infer<typeof MyDeliveriesResponse>;

/** The admin delivery log's filters: a user by id or by e-mail, a notice kind, a channel, a status. */
export const AdminDeliveriesQuery = z.object({
  userId: Id('userId').optional(),
  email: z.string().trim().min(3).max(254).optional(),
  kind: z
    .string()
    .trim()
    .regex(/^[a-z_]+(\.[a-z_]+)*$/, 'kind must look like booking.cancelled')
    .max(60)
    .optional(),
  channel: z.enum(DELIVERY_CHANNELS).optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
  page: Page,
});
export type AdminDeliveriesQuery = z.input<typeof AdminDeliveriesQuery>;

export const AdminDelivery = MyDelivery.extend({
  userId: z.number().int(),
  userEmail: z.string(),
  attempts: z.number().int(),
  nextAttemptAt: z.string(),
  provider: z.string().nullable(),
  providerMessageId: z.string().nullable(),
  /** Short and secret-free: an error class or the provider's status code. */
  lastError: z.string().nullable(),
  critical: z.boolean(),
  fallbackOf: z.number().int().nullable(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type AdminDelivery = z.infer<typeof AdminDelivery>;

export const AdminDeliveriesResponse = z.object({
  items: z.array(AdminDelivery),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminDeliveriesResponse = z.infer<typeof AdminDeliveriesResponse>;

export const RetryDeliveryResponse = z.object({ delivery: AdminDelivery });
export type RetryDeliveryResponse = z.infer<typeof RetryDeliveryResponse>;

/** What the delivery webhooks answer (providers only look at the status). */
export const DeliveryWebhookResponse = z.object({ ok: z.literal(true) });
