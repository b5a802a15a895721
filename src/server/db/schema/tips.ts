import { index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { caregivers } from './caregivers';
import { createdAtColumn, idColumn } from './columns';
import { users } from './users';

/**
 * A tip after a completed visit (issue 34, ADR 0051): charged to the payer's saved card, 100 % to the
 * caregiver's balance. One per booking (the unique booking index is what the race harness leans on); the
 * payer's Idempotency-Key is unique per payer so a retried request answers the first tip.
 */
export const tips = pgTable(
  'tips',
  {
    id: idColumn(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookings.id),
    /** Who paid it: the family who booked, or a circle payer. */
    payerId: integer('payer_id')
      .notNull()
      .references(() => users.id),
    caregiverId: integer('caregiver_id')
      .notNull()
      .references(() => caregivers.id),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** The provider's charge reference (secret of ours: never answered). */
    providerRef: text('provider_ref').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** A hash of the request, to refuse a reused key with a different request. */
    requestHash: text('request_hash').notNull(),
    ledgerTxnId: uuid('ledger_txn_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('tips_one_per_booking').on(t.bookingId),
    uniqueIndex('tips_payer_key').on(t.payerId, t.idempotencyKey),
    index('tips_caregiver_idx').on(t.caregiverId, t.createdAt),
  ],
);
