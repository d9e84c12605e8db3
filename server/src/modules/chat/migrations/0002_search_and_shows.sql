ALTER TABLE "actors" ADD COLUMN "ranking_points_video_call" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "actors" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', name || ' ' || display_name), 'A') || setweight(to_tsvector('simple', three_words), 'B') || setweight(to_tsvector('simple', about_me), 'C') || setweight(jsonb_to_tsvector('simple', about_me_translations, '["string"]'), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "chat_tickets" ADD COLUMN "end_handled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "actors_search_vector" ON "actors" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "actors_location" ON "actors" USING btree ("lat","long");