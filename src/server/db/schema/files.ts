import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn } from './columns';

/** bytea, read as a Buffer (node-postgres gives one; PGlite a Uint8Array, wrapped without a copy). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Uploaded files (profile photos, verification documents) when the PostgreSQL storage backend is in use,
 * the default (ADR 0016): every server instance sees every file and a database backup holds them. Keys are
 * chosen by the server (`documents/12/<32 hex>.pdf`); nothing here is public, routes decide who reads it.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    key: text('key').primaryKey(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [check('stored_files_size_matches', sql`${t.size} = octet_length(${t.bytes})`)],
);
