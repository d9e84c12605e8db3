-- Blog posts are written in Dutch too: their Dutch title and teaser, stemmed in Dutch, as the blog search reads them.
CREATE INDEX IF NOT EXISTS "specials_blog_posts_search_nl" ON "specials_blog_posts" USING gin (to_tsvector('dutch'::regconfig, coalesce("title" ->> 'nl', '') || ' ' || coalesce("teaser" ->> 'nl', '')));
