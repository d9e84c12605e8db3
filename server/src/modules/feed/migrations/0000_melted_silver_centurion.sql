CREATE TABLE "feed_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"parent_id" integer,
	"guest_id" uuid,
	"user_name" text NOT NULL,
	"is_creator" boolean DEFAULT false NOT NULL,
	"tipped" boolean DEFAULT false NOT NULL,
	"text" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_likes" (
	"post_id" integer NOT NULL,
	"guest_id" uuid NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_likes_post_id_guest_id_pk" PRIMARY KEY("post_id","guest_id")
);
--> statement-breakpoint
CREATE TABLE "feed_post_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'ONLINE' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"paid_content" boolean DEFAULT false NOT NULL,
	"fsk" integer DEFAULT 18 NOT NULL,
	"price_coins" integer DEFAULT 0 NOT NULL,
	"tipping_goal_coins" integer,
	"tips_sum_coins" integer DEFAULT 0 NOT NULL,
	"teaser_url" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"published" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_comments" ADD CONSTRAINT "feed_comments_post_id_feed_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."feed_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_comments" ADD CONSTRAINT "feed_comments_parent_id_feed_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."feed_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_comments" ADD CONSTRAINT "feed_comments_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_likes" ADD CONSTRAINT "feed_likes_post_id_feed_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."feed_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_likes" ADD CONSTRAINT "feed_likes_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_post_photos" ADD CONSTRAINT "feed_post_photos_post_id_feed_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."feed_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_posts" ADD CONSTRAINT "feed_posts_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_comments_post_idx" ON "feed_comments" USING btree ("post_id","created");--> statement-breakpoint
CREATE INDEX "feed_comments_guest_idx" ON "feed_comments" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "feed_likes_guest_idx" ON "feed_likes" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "feed_post_photos_post_idx" ON "feed_post_photos" USING btree ("post_id","position");--> statement-breakpoint
CREATE INDEX "feed_posts_published_idx" ON "feed_posts" USING btree ("published","id");--> statement-breakpoint
CREATE INDEX "feed_posts_actor_idx" ON "feed_posts" USING btree ("actor_id","published");