import { sql } from 'drizzle-orm';

/** When a booking `b` was completed (SQL): the recorded moment, else its scheduled end. */
export const COMPLETED_AT = sql.raw('coalesce(b.completed_at, b.ends_at)');
