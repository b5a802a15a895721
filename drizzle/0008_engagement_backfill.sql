-- Reviews written before double-blind publication existed were shown at once: they count as published.
UPDATE "reviews" SET "published_at" = "created_at" WHERE "published_at" IS NULL;
