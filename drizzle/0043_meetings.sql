CREATE TABLE "meetings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meetings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"family_id" integer NOT NULL,
	"caregiver_id" integer NOT NULL,
	"circle_id" integer,
	"care_request_id" integer,
	"mode" text NOT NULL,
	"minutes" integer NOT NULL,
	"place" text,
	"note" text,
	"status" text DEFAULT 'requested' NOT NULL,
	"proposed_times" jsonb NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"video_room" text,
	"decline_reason" text,
	"cancelled_by" integer,
	"outcome" text,
	"outcome_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meetings_minutes_check" CHECK ("meetings"."minutes" in (15, 30)),
	CONSTRAINT "meetings_status_check" CHECK ("meetings"."status" in ('requested', 'proposed', 'confirmed', 'declined', 'cancelled', 'completed')),
	CONSTRAINT "meetings_mode_check" CHECK ("meetings"."mode" in ('video', 'phone', 'in_person')),
	CONSTRAINT "meetings_place_check" CHECK (("meetings"."mode" = 'in_person') = ("meetings"."place" is not null) and ("meetings"."place" is null or "meetings"."place" in ('public', 'family_home'))),
	CONSTRAINT "meetings_confirmed_time_check" CHECK ("meetings"."status" not in ('confirmed', 'completed') or ("meetings"."starts_at" is not null and "meetings"."ends_at" > "meetings"."starts_at"))
);
--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_family_id_users_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_caregiver_id_caregivers_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_circle_id_care_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."care_circles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_care_request_id_care_requests_id_fk" FOREIGN KEY ("care_request_id") REFERENCES "public"."care_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meetings" ADD CONSTRAINT "meetings_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meetings_family_idx" ON "meetings" USING btree ("family_id","created_at");--> statement-breakpoint
CREATE INDEX "meetings_caregiver_idx" ON "meetings" USING btree ("caregiver_id","starts_at");--> statement-breakpoint
CREATE INDEX "meetings_circle_idx" ON "meetings" USING btree ("circle_id") WHERE "meetings"."circle_id" is not null;--> statement-breakpoint
CREATE INDEX "meetings_reminder_idx" ON "meetings" USING btree ("starts_at") WHERE "meetings"."status" = 'confirmed' and "meetings"."reminder_sent_at" is null;