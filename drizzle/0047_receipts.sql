CREATE TABLE "receipt_mails" (
	"number" text NOT NULL,
	"user_id" integer NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "receipt_mails_number_user_id_pk" PRIMARY KEY("number","user_id")
);
--> statement-breakpoint
ALTER TABLE "receipt_mails" ADD CONSTRAINT "receipt_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipt_mails_user_idx" ON "receipt_mails" USING btree ("user_id");