CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_size_matches" CHECK ("stored_files"."size" = octet_length("stored_files"."bytes"))
);
--> statement-breakpoint
-- Photos, PDFs and scans are compressed already: keep them out of line without another compression pass.
ALTER TABLE "stored_files" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
