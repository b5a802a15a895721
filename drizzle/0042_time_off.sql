CREATE TABLE "availability_exceptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "availability_exceptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"caregiver_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"start_time" text,
	"end_time" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_exceptions_kind_check" CHECK ("availability_exceptions"."kind" in ('time_off', 'extra')),
	CONSTRAINT "availability_exceptions_range_check" CHECK ("availability_exceptions"."to_date" >= "availability_exceptions"."from_date"),
	CONSTRAINT "availability_exceptions_times_check" CHECK (("availability_exceptions"."start_time" is null) = ("availability_exceptions"."end_time" is null) and ("availability_exceptions"."kind" = 'time_off' or "availability_exceptions"."start_time" is not null))
);
--> statement-breakpoint
ALTER TABLE "availability_exceptions" ADD CONSTRAINT "availability_exceptions_caregiver_id_caregivers_id_fk" FOREIGN KEY ("caregiver_id") REFERENCES "public"."caregivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "availability_exceptions_caregiver_idx" ON "availability_exceptions" USING btree ("caregiver_id","to_date");