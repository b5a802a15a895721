ALTER TABLE "visit_entries" DROP CONSTRAINT "visit_entries_kind_check";--> statement-breakpoint
ALTER TABLE "visit_entries" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "visit_entries" ADD CONSTRAINT "visit_entries_storage_key_check" CHECK (("visit_entries"."storage_key" is not null) = ("visit_entries"."kind" = 'photo'));--> statement-breakpoint
ALTER TABLE "visit_entries" ADD CONSTRAINT "visit_entries_kind_check" CHECK ("visit_entries"."kind" in ('check_in', 'check_out', 'note', 'meal', 'medication', 'vitals', 'activity', 'incident', 'photo'));