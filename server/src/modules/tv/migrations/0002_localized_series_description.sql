-- A series' description was stored once, in English, and every reader read that text: it becomes each language's text.
ALTER TABLE "tv_series" ALTER COLUMN "description" SET DATA TYPE jsonb USING jsonb_build_object('de', "description", 'en', "description", 'nl', "description", 'es', "description");
