CREATE TABLE "webhook_receipts" (
	"provider" text NOT NULL,
	"signature_hash" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "webhook_receipts_provider_signature_hash_pk" PRIMARY KEY("provider","signature_hash")
);
--> statement-breakpoint
CREATE INDEX "webhook_receipts_expires_idx" ON "webhook_receipts" USING btree ("expires_at");