CREATE TABLE "caregiver_onboarding_drafts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"step" smallint DEFAULT 0 NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "caregiver_onboarding_drafts" ADD CONSTRAINT "caregiver_onboarding_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;