CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "caregivers" ADD COLUMN "user_first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "caregivers" ADD COLUMN "user_last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "caregivers" ADD COLUMN "user_location" text;--> statement-breakpoint
ALTER TABLE "caregivers" ADD COLUMN "user_parish" text;--> statement-breakpoint
ALTER TABLE "caregivers" ADD COLUMN "user_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "caregivers" ADD COLUMN "user_suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "caregivers" ADD COLUMN "kinds_mask" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "caregivers" ADD COLUMN "availability_mask" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "caregivers" ADD COLUMN "qualifications_mask" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "caregivers" ADD COLUMN "search_document" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
ALTER TABLE "caregivers" ADD COLUMN "is_public" boolean GENERATED ALWAYS AS (is_active and not user_suspended) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "caregivers" ADD COLUMN "is_listed" boolean GENERATED ALWAYS AS (is_active and is_available and not user_suspended) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "search_terms_term_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "caregivers_search_rating_idx" ON "caregivers" USING btree ("average_rating" DESC NULLS LAST,"total_reviews" DESC NULLS LAST,"id" DESC NULLS LAST,"hourly_rate","experience","user_verified","kinds_mask","availability_mask","user_parish","qualifications_mask") WHERE "caregivers"."is_listed";--> statement-breakpoint
CREATE INDEX "caregivers_search_parish_idx" ON "caregivers" USING btree ("user_parish","average_rating" DESC NULLS LAST,"total_reviews" DESC NULLS LAST,"id" DESC NULLS LAST,"hourly_rate","experience","user_verified","kinds_mask","availability_mask","qualifications_mask") WHERE "caregivers"."is_listed";--> statement-breakpoint
CREATE INDEX "caregivers_search_rate_idx" ON "caregivers" USING btree ("hourly_rate","id","experience","user_verified","kinds_mask","availability_mask","user_parish","qualifications_mask") WHERE "caregivers"."is_listed";--> statement-breakpoint
CREATE INDEX "caregivers_search_experience_idx" ON "caregivers" USING btree ("experience" DESC NULLS LAST,"average_rating" DESC NULLS LAST,"total_reviews" DESC NULLS LAST,"id" DESC NULLS LAST,"hourly_rate","user_verified","kinds_mask","availability_mask","user_parish","qualifications_mask") WHERE "caregivers"."is_listed";--> statement-breakpoint
CREATE INDEX "caregivers_search_town_idx" ON "caregivers" USING btree ("user_location","average_rating" DESC NULLS LAST,"total_reviews" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "caregivers"."is_listed";--> statement-breakpoint
CREATE INDEX "caregivers_search_town_prefix_idx" ON "caregivers" USING btree (lower("user_location") text_pattern_ops) WHERE "caregivers"."is_listed";--> statement-breakpoint
CREATE INDEX "caregivers_search_parish_prefix_idx" ON "caregivers" USING btree (lower("user_parish") text_pattern_ops) WHERE "caregivers"."is_listed";--> statement-breakpoint
CREATE INDEX "caregivers_search_document_idx" ON "caregivers" USING gin ("search_document") WHERE "caregivers"."is_listed";