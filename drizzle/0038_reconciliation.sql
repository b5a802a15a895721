CREATE TABLE "reconciliation_mismatches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_mismatches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"fingerprint" text NOT NULL,
	"kind" text NOT NULL,
	"provider_ref" text,
	"payment_id" integer,
	"booking_id" integer,
	"subscription_charge_id" integer,
	"provider_cents" bigint,
	"our_cents" bigint,
	"detail" text NOT NULL,
	"run_id" integer,
	"detected_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reconciliation_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"operations" integer DEFAULT 0 NOT NULL,
	"found" integer DEFAULT 0 NOT NULL,
	"new_found" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_provider_operations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_provider_operations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"provider_ref" text,
	"amount_cents" bigint NOT NULL,
	"ok" boolean NOT NULL,
	"outcome" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reconciliation_mismatches" ADD CONSTRAINT "reconciliation_mismatches_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_mismatches" ADD CONSTRAINT "reconciliation_mismatches_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_mismatches_fingerprint" ON "reconciliation_mismatches" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "reconciliation_mismatches_state_idx" ON "reconciliation_mismatches" USING btree ("state","detected_at");--> statement-breakpoint
CREATE INDEX "reconciliation_runs_started_idx" ON "reconciliation_runs" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_provider_operations_key" ON "sandbox_provider_operations" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_provider_operations_ref_idx" ON "sandbox_provider_operations" USING btree ("provider_ref");--> statement-breakpoint
CREATE INDEX "sandbox_provider_operations_at_idx" ON "sandbox_provider_operations" USING btree ("at");