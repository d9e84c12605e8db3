ALTER TABLE "albums" ADD COLUMN "search_text" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', title || ' ' || description)) STORED;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "search_text" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', title || ' ' || description)) STORED;--> statement-breakpoint
CREATE INDEX "albums_search_text" ON "albums" USING gin ("search_text");--> statement-breakpoint
CREATE INDEX "videos_search_text" ON "videos" USING gin ("search_text");