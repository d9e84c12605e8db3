CREATE TABLE "seo_texts" (
	"tag" text NOT NULL,
	"language" text NOT NULL,
	"headline" text NOT NULL,
	"paragraphs" text[] NOT NULL,
	CONSTRAINT "seo_texts_tag_language_pk" PRIMARY KEY("tag","language")
);
