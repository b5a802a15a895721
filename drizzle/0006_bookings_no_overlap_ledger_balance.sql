-- No double booking: one caregiver never holds two pending or confirmed bookings whose times overlap.
-- Half-open ranges ([start, end)) so back-to-back bookings are allowed. Needs btree_gist (0001).
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap"
  EXCLUDE USING gist ("caregiver_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&)
  WHERE ("status" in ('pending', 'confirmed'));
--> statement-breakpoint
-- Double entry: every ledger transaction's entries sum to zero, checked at commit (deferred), so a
-- transaction may write its entries one by one but can never commit an unbalanced movement.
CREATE OR REPLACE FUNCTION ledger_txn_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
BEGIN
  SELECT coalesce(sum(amount), 0) INTO total FROM ledger_entries WHERE txn_id = NEW.txn_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (sum %)', NEW.txn_id, total
      USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced
  AFTER INSERT OR UPDATE ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_txn_balanced();
--> statement-breakpoint
-- The ledger is append-only: corrections are new balancing transactions, never edits.
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries cannot be changed or deleted' USING ERRCODE = '23514';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only
  BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
-- Bookings written before these columns existed: their state's time is their last update.
UPDATE "bookings" SET "completed_at" = greatest("ends_at", "updated_at") WHERE "status" = 'completed' AND "completed_at" IS NULL;
--> statement-breakpoint
UPDATE "bookings" SET "cancelled_at" = "updated_at" WHERE "status" = 'cancelled' AND "cancelled_at" IS NULL;
--> statement-breakpoint
UPDATE "bookings" SET "declined_at" = "updated_at" WHERE "status" = 'declined' AND "declined_at" IS NULL;
--> statement-breakpoint
UPDATE "bookings" SET "expired_at" = "updated_at" WHERE "status" = 'expired' AND "expired_at" IS NULL;
--> statement-breakpoint
UPDATE "bookings" SET "confirmed_at" = "updated_at" WHERE "status" in ('confirmed', 'completed') AND "confirmed_at" IS NULL;
