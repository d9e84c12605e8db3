CREATE TABLE "legal_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"language" text NOT NULL,
	"version" integer NOT NULL,
	"valid_from" text NOT NULL,
	"title" text NOT NULL,
	"sections" jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "legal_texts_version" ON "legal_texts" USING btree ("type","language","version");