import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tz } from './columns';
import { users } from './users';

/** In-app notifications for any feature: a kind to group by, words for people, and where to go. */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    readAt: timestamp('read_at', tz),
    createdAt: createdAtColumn(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Texts kept while no SMS/WhatsApp provider is configured: the verification codes, and the sandbox channel
 * of the delivery outbox (`channel` sms or whatsapp). Never sent later from here.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: idColumn(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    channel: text('channel', { enum: ['sms', 'whatsapp'] })
      .notNull()
      .default('sms'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('sms_outbox_to_idx').on(t.to, t.createdAt)],
);

/**
 * Which channels a user wants per group of notices (ADR 0036). No row for a group means its defaults:
 * e-mail on (off for marketing), SMS and WhatsApp off. The old e-mail switches are the `email` column.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    group: text('group', {
      enum: ['bookings', 'visits', 'messages', 'reviews', 'support', 'marketing'],
    }).notNull(),
    email: boolean('email').notNull(),
    sms: boolean('sms').notNull().default(false),
    whatsapp: boolean('whatsapp').notNull().default(false),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.group] }),
    check(
      'notification_preferences_group_check',
      sql`${t.group} in ('bookings', 'visits', 'messages', 'reviews', 'support', 'marketing')`,
    ),
  ],
);

/** A user's quiet hours, wall-clock HH:mm in users.time_zone; no row means off. */
export const quietHours = pgTable(
  'quiet_hours',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    start: text('start').notNull(),
    end: text('end').notNull(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    check('quiet_hours_start_check', sql`${t.start} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('quiet_hours_end_check', sql`${t.end} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

/**
 * The phone notices may be texted to, and its SMS code while one is pending (stored as a hash). Only a
 * number with `verified_at` receives SMS or WhatsApp; a new number starts unverified.
 */
export const notificationPhones = pgTable('notification_phones', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  verifiedAt: timestamp('verified_at', tz),
  codeHash: text('code_hash'),
  codeExpiresAt: timestamp('code_expires_at', tz),
  codeAttempts: integer('code_attempts').notNull().default(0),
  codeSentAt: timestamp('code_sent_at', tz),
  updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
});

/**
 * The delivery outbox (ADR 0033): one row per notice × recipient × channel, written in the notice's own
 * transaction and sent by the dispatcher (right after commit, then the `notifications.deliveries` job).
 * No secrets go through it: password resets and codes keep their direct paths.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The notice's kind, e.g. booking.cancelled. */
    kind: text('kind').notNull(),
    channel: text('channel', { enum: ['email', 'sms', 'whatsapp'] }).notNull(),
    /** An e-mail address or an E.164 number. */
    destination: text('destination').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'delivered', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** Queued: due from then (quiet hours, a retry's backoff, or a claim's lease while it is sent). */
    nextAttemptAt: timestamp('next_attempt_at', tz).notNull(),
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    /** Short, no secrets (an error code or class, never a provider's body). */
    lastError: text('last_error'),
    critical: boolean('critical').notNull().default(false),
    /** The row this one replaces (an SMS after a bounced e-mail or an undelivered WhatsApp message). */
    fallbackOf: integer('fallback_of'),
    sentAt: timestamp('sent_at', tz),
    deliveredAt: timestamp('delivered_at', tz),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', tz).notNull().defaultNow(),
  },
  (t) => [
    // The dispatcher's claim: due queued rows, oldest first.
    index('deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    // The WhatsApp fallback scan and the sandbox receipts: sent rows by channel and time.
    index('deliveries_sent_idx').on(t.channel, t.sentAt).where(sql`${t.status} = 'sent'`),
    index('deliveries_user_idx').on(t.userId, t.id),
    index('deliveries_status_idx').on(t.status, t.id),
    index('deliveries_kind_idx').on(t.kind, t.id),
    uniqueIndex('deliveries_provider_msg_idx').on(t.provider, t.providerMessageId),
    // A row is replaced at most once.
    uniqueIndex('deliveries_fallback_of_idx').on(t.fallbackOf),
  ],
);

/**
 * Delivery receipts already taken (ADR 0033, "Signed timestamps and replays"): one row per provider and
 * SHA-256 of the receipt's signature, written in the receipt's own transaction, so a receipt replayed
 * verbatim (to this instance or any other, before or after a restart) hits the primary key and is refused.
 * `expires_at`: when the row may go (the sandbox's: its signed timestamp + the 5-minute window, after which
 * the timestamp check refuses it anyway; Twilio's: a fixed memory, Twilio signs no timestamp). The
 * deliveries job deletes expired rows.
 */
export const webhookReceipts = pgTable(
  'webhook_receipts',
  {
    provider: text('provider').notNull(),
    /** Hex SHA-256 of the signature header: fixed length, and no provider signature kept as such. */
    signatureHash: text('signature_hash').notNull(),
    receivedAt: timestamp('received_at', tz).notNull(),
    expiresAt: timestamp('expires_at', tz).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.signatureHash] }),
    index('webhook_receipts_expires_idx').on(t.expiresAt),
  ],
);
