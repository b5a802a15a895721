import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Every timestamp is timestamptz, read as a Date. */
export const tz = { withTimezone: true, mode: 'date' } as const;

/** The identity primary key every table with its own id has. */
export const idColumn = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

/** When the row was written. */
export const createdAtColumn = () => timestamp('created_at', tz).notNull().defaultNow();
