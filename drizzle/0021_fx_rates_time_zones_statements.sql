CREATE TABLE "circle_statement_mails" (
	"circle_id" integer NOT NULL,
	"month" text NOT NULL,
	"user_id" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "circle_statement_mails_circle_id_month_user_id_pk" PRIMARY KEY("circle_id","month","user_id"),
	CONSTRAINT "circle_statement_mails_month_check" CHECK ("circle_statement_mails"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"jmd_per_unit" numeric(12, 4) NOT NULL,
	"rate_date" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_rates_currency_check" CHECK ("fx_rates"."currency" in ('USD', 'GBP', 'CAD', 'EUR')),
	CONSTRAINT "fx_rates_positive_check" CHECK ("fx_rates"."jmd_per_unit" > 0),
	CONSTRAINT "fx_rates_date_check" CHECK ("fx_rates"."rate_date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'America/Jamaica' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "currency" text DEFAULT 'JMD' NOT NULL;--> statement-breakpoint
ALTER TABLE "circle_statement_mails" ADD CONSTRAINT "circle_statement_mails_circle_id_care_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."care_circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_statement_mails" ADD CONSTRAINT "circle_statement_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_rates" ADD CONSTRAINT "fx_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "circle_statement_mails_user_idx" ON "circle_statement_mails" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_currency_check" CHECK ("users"."currency" in ('JMD', 'USD', 'GBP', 'CAD', 'EUR'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_time_zone_check" CHECK (length("users"."time_zone") between 1 and 64);