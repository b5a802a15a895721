CREATE TABLE "payout_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payout_date" text NOT NULL,
	"storage_key" text NOT NULL,
	"line_count" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"control_sum" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "bank_code" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "branch" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "account_type" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;