CREATE TABLE "caregiver_reliability" (
	"caregiver_id" integer PRIMARY KEY NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"late_cancellations" integer DEFAULT 0 NOT NULL,
	"no_shows" integer DEFAULT 0 NOT NULL,
	"check_ins" integer DEFAULT 0 NOT NULL,
	"on_time_check_ins" integer DEFAULT 0 NOT NULL,
	"score" numeric(5, 4) NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "caregiver_reliability_score_check" CHECK ("caregiver_reliability"."score" between 0 and 1),
	CONSTRAINT "caregiver_reliability_on_time_check" CHECK ("caregiver_reliability"."on_time_check_ins" <= "caregiver_reliability"."check_ins")
);
--> statement-breakpoint
ALTER TABLE "caregivers" ADD COLUMN "reliability_score" numeric(5, 4) DEFAULT '0.9000' NOT NULL;--> statement-breakpoint
ALTER TABLE "caregiver_reliability" ADD CONSTRAINT "caregiver_reliability_caregiver_id_caregivers_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "caregivers_search_reliability_idx" ON "caregivers" USING btree ("reliability_score" DESC NULLS LAST,"average_rating" DESC NULLS LAST,"total_reviews" DESC NULLS LAST,"id" DESC NULLS LAST,"hourly_rate","experience","user_verified","kinds_mask","availability_mask","user_parish","qualifications_mask") WHERE "caregivers"."is_listed";