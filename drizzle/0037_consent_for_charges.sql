ALTER TABLE "circle_members" ADD COLUMN "payer_consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "consent_user_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "consent_basis" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_consent_user_id_users_id_fk" FOREIGN KEY ("consent_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_payer_consent_check" CHECK ("circle_members"."payer_consented_at" is null or 'payer' = any("circle_members"."roles"));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_consent_basis_check" CHECK ("payments"."consent_basis" is null or "payments"."consent_basis" in ('own_booking', 'own_approval', 'own_cap', 'charge_me'));--> statement-breakpoint
-- hand-written: payers who took on the role by their own act before this column existed. The creator, while
-- still holding payer provisionally (the role they gave themselves by creating the circle; a definite payer
-- role of the creator came from someone's PATCH), and a payer who accepted a payer invitation to the circle
-- whose cap is no higher than the one they accepted (before this change a coordinator could clear or raise
-- it: such a payer is not taken to consent to more than they accepted). Everyone else (given payer by a
-- PATCH) stays null: their card is charged only on their own booking or approval until they set their cap.
UPDATE "circle_members" m SET "payer_consented_at" = m."joined_at"
  FROM "care_circles" c
  WHERE c."id" = m."circle_id" AND c."created_by" = m."user_id"
    AND 'payer' = any(m."roles") AND 'payer' = any(m."provisional_roles");--> statement-breakpoint
UPDATE "circle_members" m SET "payer_consented_at" = i."accepted_at"
  FROM "circle_invitations" i
  WHERE i."circle_id" = m."circle_id" AND i."accepted_by" = m."user_id" AND i."role" = 'payer'
    AND i."accepted_at" IS NOT NULL AND 'payer' = any(m."roles") AND m."payer_consented_at" IS NULL
    AND (i."monthly_cap_jmd" IS NULL
      OR (m."monthly_cap_jmd" IS NOT NULL AND m."monthly_cap_jmd" <= i."monthly_cap_jmd"));
