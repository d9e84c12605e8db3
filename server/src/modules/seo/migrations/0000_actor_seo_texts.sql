CREATE TABLE "actor_seo_texts" (
	"actor_id" integer NOT NULL,
	"tag_group" text NOT NULL,
	"language" text NOT NULL,
	"headline" text NOT NULL,
	"paragraphs" text[] NOT NULL,
	CONSTRAINT "actor_seo_texts_actor_id_tag_group_language_pk" PRIMARY KEY("actor_id","tag_group","language")
);
