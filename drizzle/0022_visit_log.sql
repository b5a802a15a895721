CREATE TABLE "visit_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visit_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"kind" text NOT NULL,
	"client_id" text NOT NULL,
	"author_user_id" integer,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"location_accuracy_m" integer,
	CONSTRAINT "visit_entries_kind_check" CHECK ("visit_entries"."kind" in ('check_in', 'check_out', 'note', 'meal', 'medication', 'vitals', 'activity', 'incident')),
	CONSTRAINT "visit_entries_location_check" CHECK ("visit_entries"."location_accuracy_m" is null or "visit_entries"."kind" in ('check_in', 'check_out'))
);
--> statement-breakpoint
CREATE TABLE "visit_no_show_notices" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visit_entries" ADD CONSTRAINT "visit_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_entries" ADD CONSTRAINT "visit_entries_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_no_show_notices" ADD CONSTRAINT "visit_no_show_notices_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visit_entries_client_id_key" ON "visit_entries" USING btree ("booking_id","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "visit_entries_check_in_key" ON "visit_entries" USING btree ("booking_id") WHERE "visit_entries"."kind" = 'check_in';--> statement-breakpoint
CREATE UNIQUE INDEX "visit_entries_check_out_key" ON "visit_entries" USING btree ("booking_id") WHERE "visit_entries"."kind" = 'check_out';--> statement-breakpoint
CREATE INDEX "visit_entries_booking_idx" ON "visit_entries" USING btree ("booking_id","recorded_at");