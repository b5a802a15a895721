ALTER TABLE "booking_series" DROP CONSTRAINT "booking_series_status_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "rescheduled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_status_check" CHECK ("booking_series"."status" in ('requested', 'accepted', 'declined', 'cancelled', 'left'));