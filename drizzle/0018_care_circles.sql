CREATE TABLE "care_circles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "care_circles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"recipient_first_name" text NOT NULL,
	"recipient_last_name" text,
	"recipient_parish" text NOT NULL,
	"recipient_town" text NOT NULL,
	"recipient_address" text,
	"recipient_needs" text,
	"recipient_notes" text,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"approval_required" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "circle_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "circle_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"circle_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"monthly_cap_jmd" integer,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "circle_invitations_role_check" CHECK ("circle_invitations"."role" in ('coordinator', 'payer', 'viewer')),
	CONSTRAINT "circle_invitations_email_lower_check" CHECK ("circle_invitations"."email" = lower("circle_invitations"."email")),
	CONSTRAINT "circle_invitations_cap_check" CHECK ("circle_invitations"."monthly_cap_jmd" is null or ("circle_invitations"."monthly_cap_jmd" >= 0 and "circle_invitations"."role" = 'payer'))
);
--> statement-breakpoint
CREATE TABLE "circle_members" (
	"circle_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"provisional_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"monthly_cap_jmd" integer,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "circle_members_circle_id_user_id_pk" PRIMARY KEY("circle_id","user_id"),
	CONSTRAINT "circle_members_roles_check" CHECK ("circle_members"."roles" <@ array['coordinator', 'payer']::text[]),
	CONSTRAINT "circle_members_provisional_check" CHECK ("circle_members"."provisional_roles" <@ "circle_members"."roles"),
	CONSTRAINT "circle_members_cap_check" CHECK ("circle_members"."monthly_cap_jmd" is null or ("circle_members"."monthly_cap_jmd" >= 0 and 'payer' = any("circle_members"."roles")))
);
--> statement-breakpoint
ALTER TABLE "care_circles" ADD CONSTRAINT "care_circles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_invitations" ADD CONSTRAINT "circle_invitations_circle_id_care_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."care_circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_invitations" ADD CONSTRAINT "circle_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_invitations" ADD CONSTRAINT "circle_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_circle_id_care_circles_id_fk" FOREIGN KEY ("circle_id") REFERENCES "public"."care_circles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circle_members" ADD CONSTRAINT "circle_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "circle_invitations_token_hash_key" ON "circle_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "circle_invitations_open_key" ON "circle_invitations" USING btree ("circle_id","email") WHERE "circle_invitations"."accepted_at" is null and "circle_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "circle_invitations_email_idx" ON "circle_invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "circle_members_user_idx" ON "circle_members" USING btree ("user_id");