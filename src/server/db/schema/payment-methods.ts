import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { createdAtColumn, idColumn, tz } from './columns';
import { users } from './users';

/**
 * A family's saved card (ADR 0032): the provider's reusable payment-method reference (like Stripe's
 * PaymentMethod id) and what the provider reported for display. No card number, no code: those stay with
 * the provider (ADR 0009). provider_ref is never returned by an API nor logged. One default per user.
 */
export const savedPaymentMethods = pgTable(
  'saved_payment_methods',
  {
    id: idColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerRef: text('provider_ref').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('saved_payment_methods_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('saved_payment_methods_one_default').on(t.userId).where(sql`${t.isDefault}`),
    uniqueIndex('saved_payment_methods_provider_ref').on(t.providerRef),
    check('saved_payment_methods_exp_check', sql`${t.expMonth} between 1 and 12`),
  ],
);

/**
 * The one "the visit's hold failed" notice of a visit (its row makes the visit-holds job send it once,
 * whatever the number of runs or instances).
 */
export const visitHoldNotices = pgTable('visit_hold_notices', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => bookings.id),
  reason: text('reason').notNull(),
  sentAt: timestamp('sent_at', tz).notNull(),
});
