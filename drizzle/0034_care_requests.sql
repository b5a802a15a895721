CREATE TABLE "care_request_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "care_request_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"request_id" integer NOT NULL,
	"caregiver_id" integer NOT NULL,
	"message" text NOT NULL,
	"hourly_rate" numeric(10, 2) NOT NULL,
	"status" text DEFAULT 'applied' NOT NULL,
	"booking_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_request_applications_status_check" CHECK ("care_request_applications"."status" in ('applied', 'booked', 'declined', 'withdrawn')),
	CONSTRAINT "care_request_applications_rate_check" CHECK ("care_request_applications"."hourly_rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "care_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "care_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"family_id" integer NOT NULL,
	"kind" text NOT NULL,
	"parish" text NOT NULL,
	"town" text NOT NULL,
	"start_date" text NOT NULL,
	"start_time" text NOT NULL,
	"hours" integer NOT NULL,
	"weekdays" text[] DEFAULT '{}'::text[] NOT NULL,
	"care_days" text[] NOT NULL,
	"budget_min_jmd" integer,
	"budget_max_jmd" integer,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"shortlist_requested_at" timestamp with time zone,
	"shortlist_picked_at" timestamp with time zone,
	"shortlist_note" text,
	"shortlist_caregiver_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"shortlist_picked_by" integer,
	CONSTRAINT "care_requests_status_check" CHECK ("care_requests"."status" in ('open', 'filled', 'withdrawn', 'expired')),
	CONSTRAINT "care_requests_hours_check" CHECK ("care_requests"."hours" between 1 and 12),
	CONSTRAINT "care_requests_budget_check" CHECK ("care_requests"."budget_min_jmd" is null or "care_requests"."budget_max_jmd" is null or "care_requests"."budget_min_jmd" <= "care_requests"."budget_max_jmd")
);
--> statement-breakpoint
ALTER TABLE "care_request_applications" ADD CONSTRAINT "care_request_applications_request_id_care_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."care_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_request_applications" ADD CONSTRAINT "care_request_applications_caregiver_id_caregivers_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_request_applications" ADD CONSTRAINT "care_request_applications_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_shortlist_picked_by_users_id_fk" FOREIGN KEY ("shortlist_picked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_request_applications_request_caregiver_key" ON "care_request_applications" USING btree ("request_id","caregiver_id");--> statement-breakpoint
CREATE INDEX "care_request_applications_caregiver_idx" ON "care_request_applications" USING btree ("caregiver_id");--> statement-breakpoint
CREATE INDEX "care_requests_open_idx" ON "care_requests" USING btree ("parish","kind","expires_at") WHERE "care_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "care_requests_family_idx" ON "care_requests" USING btree ("family_id","created_at");--> statement-breakpoint
CREATE INDEX "care_requests_shortlist_idx" ON "care_requests" USING btree ("shortlist_requested_at") WHERE "care_requests"."shortlist_requested_at" is not null and "care_requests"."shortlist_picked_at" is null;