-- Trigram similarity of performers' names: found with a letter wrong (the global search).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "actors_name_trgm" ON "actors" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
-- The words of TV episodes, exactly as the TV module's search writes them.
CREATE INDEX IF NOT EXISTS "tv_episodes_search_text" ON "tv_episodes" USING gin (to_tsvector('simple', "title"));
--> statement-breakpoint
-- TV articles and blog posts: title and teaser in each language, stemmed in that language.
CREATE INDEX IF NOT EXISTS "tv_articles_search_de" ON "tv_articles" USING gin (to_tsvector('german'::regconfig, coalesce("title" ->> 'de', '') || ' ' || coalesce("teaser" ->> 'de', '')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tv_articles_search_en" ON "tv_articles" USING gin (to_tsvector('english'::regconfig, coalesce("title" ->> 'en', '') || ' ' || coalesce("teaser" ->> 'en', '')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tv_articles_search_nl" ON "tv_articles" USING gin (to_tsvector('dutch'::regconfig, coalesce("title" ->> 'nl', '') || ' ' || coalesce("teaser" ->> 'nl', '')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tv_articles_search_es" ON "tv_articles" USING gin (to_tsvector('spanish'::regconfig, coalesce("title" ->> 'es', '') || ' ' || coalesce("teaser" ->> 'es', '')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "specials_blog_posts_search_de" ON "specials_blog_posts" USING gin (to_tsvector('german'::regconfig, coalesce("title" ->> 'de', '') || ' ' || coalesce("teaser" ->> 'de', '')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "specials_blog_posts_search_en" ON "specials_blog_posts" USING gin (to_tsvector('english'::regconfig, coalesce("title" ->> 'en', '') || ' ' || coalesce("teaser" ->> 'en', '')));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "specials_blog_posts_search_es" ON "specials_blog_posts" USING gin (to_tsvector('spanish'::regconfig, coalesce("title" ->> 'es', '') || ' ' || coalesce("teaser" ->> 'es', '')));
