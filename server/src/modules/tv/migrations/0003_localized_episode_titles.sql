-- An episode's title was stored once, in English, and every reader read that text: it becomes each language's text.
ALTER TABLE "tv_episodes" ALTER COLUMN "title" SET DATA TYPE jsonb USING jsonb_build_object('de', "title", 'en', "title", 'nl', "title", 'es', "title");
