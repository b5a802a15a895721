CREATE TABLE "notification_phones" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"verified_at" timestamp with time zone,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"code_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" integer NOT NULL,
	"group" text NOT NULL,
	"email" boolean NOT NULL,
	"sms" boolean DEFAULT false NOT NULL,
	"whatsapp" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_group_pk" PRIMARY KEY("user_id","group"),
	CONSTRAINT "notification_preferences_group_check" CHECK ("notification_preferences"."group" in ('bookings', 'visits', 'messages', 'reviews', 'support', 'marketing'))
);
--> statement-breakpoint
CREATE TABLE "quiet_hours" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"start" text NOT NULL,
	"end" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiet_hours_start_check" CHECK ("quiet_hours"."start" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "quiet_hours_end_check" CHECK ("quiet_hours"."end" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "notification_phones" ADD CONSTRAINT "notification_phones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiet_hours" ADD CONSTRAINT "quiet_hours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The old e-mail switches become the e-mail column of the same groups (ADR 0036); visits, which booking
-- e-mails used to cover, start with the user's booking switch.
INSERT INTO "notification_preferences" ("user_id", "group", "email", "updated_at")
SELECT "user_id", g."group", CASE g."group"
    WHEN 'messages' THEN "messages"
    WHEN 'bookings' THEN "bookings"
    WHEN 'visits' THEN "bookings"
    WHEN 'reviews' THEN "reviews"
    ELSE "support" END, "updated_at"
FROM "email_preferences"
CROSS JOIN (VALUES ('messages'), ('bookings'), ('visits'), ('reviews'), ('support')) AS g("group")
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "email_preferences" CASCADE;
