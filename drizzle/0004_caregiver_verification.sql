CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"to" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_decisions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verification_decisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"step" text NOT NULL,
	"approved" boolean NOT NULL,
	"reason" text,
	"decided_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "verification_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"original_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_documents_type_check" CHECK ("verification_documents"."type" in ('id', 'selfie', 'address', 'police'))
);
--> statement-breakpoint
ALTER TABLE "caregivers" ADD COLUMN "weekly_availability" jsonb DEFAULT '{"monday":true,"tuesday":true,"wednesday":true,"thursday":true,"friday":true,"saturday":false,"sunday":false}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "email_token_expiry" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "phone_otp_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "phone_otp_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "id_number" text;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "emergency_contact" text;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "police_record_issued_at" date;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "police_record_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "references" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verifications" ADD COLUMN "reviews" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_decisions" ADD CONSTRAINT "verification_decisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_decisions" ADD CONSTRAINT "verification_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_to_idx" ON "sms_outbox" USING btree ("to","created_at");--> statement-breakpoint
CREATE INDEX "verification_decisions_user_idx" ON "verification_decisions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "verification_documents_user_idx" ON "verification_documents" USING btree ("user_id","type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_documents_storage_key_key" ON "verification_documents" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "verifications_email_token_key" ON "verifications" USING btree ("email_token");--> statement-breakpoint
CREATE INDEX "verifications_status_idx" ON "verifications" USING btree ("status","submitted_at");--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_status_check" CHECK ("verifications"."status" in ('pending', 'submitted', 'approved', 'rejected'));--> statement-breakpoint
-- Records approved before the review workflow existed keep their approval.
UPDATE "verifications" SET "status" = 'approved', "submitted_at" = coalesce("verified_at", "updated_at")
WHERE "email_verified" AND "phone_verified" AND "id_verified" AND "selfie_verified" AND "address_verified" AND "background_check_verified";
