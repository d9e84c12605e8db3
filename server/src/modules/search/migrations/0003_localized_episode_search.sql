-- TV episodes' titles are written in every language: the words of each, stemmed in that language, exactly as the TV
-- module's search writes them, instead of the one text's words.
DROP INDEX IF EXISTS "tv_episodes_search_text";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tv_episodes_search_de" ON "tv_episodes" USING gin (to_tsvector('german'::regconfig, coalesce("title" ->> 'de', '')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tv_episodes_search_en" ON "tv_episodes" USING gin (to_tsvector('english'::regconfig, coalesce("title" ->> 'en', '')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tv_episodes_search_nl" ON "tv_episodes" USING gin (to_tsvector('dutch'::regconfig, coalesce("title" ->> 'nl', '')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tv_episodes_search_es" ON "tv_episodes" USING gin (to_tsvector('spanish'::regconfig, coalesce("title" ->> 'es', '')));
