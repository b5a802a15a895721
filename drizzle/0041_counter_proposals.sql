CREATE TABLE "booking_counter_proposals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_counter_proposals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"proposed_by" integer NOT NULL,
	"date" text NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"duration" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	CONSTRAINT "booking_counter_proposals_status_check" CHECK ("booking_counter_proposals"."status" in ('open', 'accepted', 'declined', 'replaced', 'closed')),
	CONSTRAINT "booking_counter_proposals_time_check" CHECK ("booking_counter_proposals"."ends_at" > "booking_counter_proposals"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "is_trial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "trial_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "trial_ended_by" integer;--> statement-breakpoint
ALTER TABLE "booking_counter_proposals" ADD CONSTRAINT "booking_counter_proposals_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_counter_proposals" ADD CONSTRAINT "booking_counter_proposals_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_counter_proposals" ADD CONSTRAINT "booking_counter_proposals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_counter_proposals_booking_idx" ON "booking_counter_proposals" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_counter_proposals_one_open" ON "booking_counter_proposals" USING btree ("booking_id") WHERE "booking_counter_proposals"."status" = 'open';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_trial_ended_by_users_id_fk" FOREIGN KEY ("trial_ended_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;