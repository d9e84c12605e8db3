-- Like the first migration, leaves a column that exists alone (a directory the chat module migrated first).
ALTER TABLE "actors" ADD COLUMN IF NOT EXISTS "age_rating" integer DEFAULT 16 NOT NULL;
