ALTER TABLE "payments" ADD COLUMN "card_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_card_token" ON "payments" USING btree ("card_token_hash");