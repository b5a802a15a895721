CREATE TABLE "visit_contacts" (
	"booking_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "visit_contacts_booking_id_user_id_at_pk" PRIMARY KEY("booking_id","user_id","at")
);
--> statement-breakpoint
DROP INDEX "visit_entries_booking_idx";--> statement-breakpoint
ALTER TABLE "visit_entries" ADD COLUMN "effective_at" timestamp with time zone;--> statement-breakpoint
-- hand-written: existing entries keep the time the rules used for them until now (the phone's, ADR 0028),
-- then the column is required (generated as ADD COLUMN ... NOT NULL, split so that existing rows get a value).
UPDATE "visit_entries" SET "effective_at" = "recorded_at";--> statement-breakpoint
ALTER TABLE "visit_entries" ALTER COLUMN "effective_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_contacts" ADD CONSTRAINT "visit_contacts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_contacts" ADD CONSTRAINT "visit_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_entries_booking_idx" ON "visit_entries" USING btree ("booking_id","effective_at");