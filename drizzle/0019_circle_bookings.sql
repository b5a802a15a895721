ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "circle_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "approval_state" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "approval_reason" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "approval_by" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "approval_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_circle_id_care_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."care_circles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_approval_by_users_id_fk" FOREIGN KEY ("approval_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_circle_id_idx" ON "bookings" USING btree ("circle_id","starts_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_approval_check" CHECK (("bookings"."approval_state" is null) = ("bookings"."approval_reason" is null) and ("bookings"."approval_state" is null or "bookings"."circle_id" is not null) and ("bookings"."status" <> 'awaiting_approval' or "bookings"."approval_state" = 'awaiting'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('awaiting_approval', 'pending', 'confirmed', 'declined', 'expired', 'cancelled', 'completed'));