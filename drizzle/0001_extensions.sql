-- Extensions the schema relies on. Both are trusted: a database owner may create them (no superuser).
-- PGlite loads them from the client (src/server/db/client.ts); PostgreSQL needs these statements.
-- pg_trgm: typo-tolerant search (trigram similarity over the search_terms vocabulary).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- btree_gist: exclusion constraints that mix = and && (no overlapping bookings for one caregiver).
CREATE EXTENSION IF NOT EXISTS btree_gist;
