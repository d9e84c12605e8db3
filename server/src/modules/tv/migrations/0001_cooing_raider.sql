CREATE TABLE "tv_article_actors" (
	"article_id" integer NOT NULL,
	"actor_id" integer NOT NULL,
	CONSTRAINT "tv_article_actors_article_id_actor_id_pk" PRIMARY KEY("article_id","actor_id")
);
--> statement-breakpoint
CREATE TABLE "tv_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"category" text NOT NULL,
	"title" jsonb NOT NULL,
	"teaser" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"image_url" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tv_articles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "tv_watch_positions" (
	"guest_id" uuid NOT NULL,
	"video_id" integer NOT NULL,
	"seconds" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tv_watch_positions_guest_id_video_id_pk" PRIMARY KEY("guest_id","video_id")
);
--> statement-breakpoint
ALTER TABLE "tv_episodes" ADD COLUMN "hash_id" text GENERATED ALWAYS AS (substr(md5('tv-video-' || id::text), 1, 12)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "tv_article_actors" ADD CONSTRAINT "tv_article_actors_article_id_tv_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."tv_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_article_actors" ADD CONSTRAINT "tv_article_actors_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_watch_positions" ADD CONSTRAINT "tv_watch_positions_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_watch_positions" ADD CONSTRAINT "tv_watch_positions_video_id_tv_episodes_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."tv_episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_episodes" ADD CONSTRAINT "tv_episodes_hash_id_unique" UNIQUE("hash_id");