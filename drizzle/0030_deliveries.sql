CREATE TABLE "deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"provider" text,
	"provider_message_id" text,
	"last_error" text,
	"critical" boolean DEFAULT false NOT NULL,
	"fallback_of" integer,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN "channel" text DEFAULT 'sms' NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_due_idx" ON "deliveries" USING btree ("next_attempt_at") WHERE "deliveries"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "deliveries_sent_idx" ON "deliveries" USING btree ("channel","sent_at") WHERE "deliveries"."status" = 'sent';--> statement-breakpoint
CREATE INDEX "deliveries_user_idx" ON "deliveries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "deliveries_status_idx" ON "deliveries" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "deliveries_kind_idx" ON "deliveries" USING btree ("kind","id");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_provider_msg_idx" ON "deliveries" USING btree ("provider","provider_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_fallback_of_idx" ON "deliveries" USING btree ("fallback_of");