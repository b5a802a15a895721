CREATE TABLE "booking_series" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_series_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"family_id" integer NOT NULL,
	"caregiver_id" integer NOT NULL,
	"circle_id" integer,
	"weekdays" integer[] NOT NULL,
	"start_time" text NOT NULL,
	"hours" integer NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text,
	"visit_count" integer,
	"status" text DEFAULT 'requested' NOT NULL,
	"notes" text,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "booking_series_status_check" CHECK ("booking_series"."status" in ('requested', 'accepted', 'declined', 'cancelled')),
	CONSTRAINT "booking_series_end_check" CHECK (("booking_series"."end_date" is null) <> ("booking_series"."visit_count" is null)),
	CONSTRAINT "booking_series_weekdays_check" CHECK (cardinality("booking_series"."weekdays") between 1 and 7 and "booking_series"."weekdays" <@ array[1,2,3,4,5,6,7]),
	CONSTRAINT "booking_series_hours_check" CHECK ("booking_series"."hours" between 1 and 24)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "series_id" integer;--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_caregiver_id_caregivers_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_circle_id_care_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."care_circles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_series_family_idx" ON "booking_series" USING btree ("family_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_series_caregiver_idx" ON "booking_series" USING btree ("caregiver_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_series_circle_idx" ON "booking_series" USING btree ("circle_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_series_id_booking_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."booking_series"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_series_id_idx" ON "bookings" USING btree ("series_id","starts_at");