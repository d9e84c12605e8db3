CREATE TABLE "feed_post_texts" (
	"post_id" integer NOT NULL,
	"language" text NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "feed_post_texts_post_id_language_pk" PRIMARY KEY("post_id","language")
);
--> statement-breakpoint
ALTER TABLE "feed_post_texts" ADD CONSTRAINT "feed_post_texts_post_id_feed_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."feed_posts"("id") ON DELETE cascade ON UPDATE no action;