CREATE TABLE "search_patterns" (
	"language" text NOT NULL,
	"pattern" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"last_searched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "search_patterns_language_pattern_pk" PRIMARY KEY("language","pattern")
);
