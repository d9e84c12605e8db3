CREATE TABLE "feed_purchases" (
	"post_id" integer NOT NULL,
	"guest_id" uuid NOT NULL,
	"price_coins" integer NOT NULL,
	"created" timestamp with time zone NOT NULL,
	CONSTRAINT "feed_purchases_post_id_guest_id_pk" PRIMARY KEY("post_id","guest_id")
);
--> statement-breakpoint
CREATE TABLE "feed_tips" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"guest_id" uuid NOT NULL,
	"amount_coins" integer NOT NULL,
	"created" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feed_views" (
	"post_id" integer NOT NULL,
	"guest_id" uuid NOT NULL,
	"created" timestamp with time zone NOT NULL,
	CONSTRAINT "feed_views_post_id_guest_id_pk" PRIMARY KEY("post_id","guest_id")
);
--> statement-breakpoint
ALTER TABLE "feed_comments" ADD COLUMN "conversation_id" integer;--> statement-breakpoint
ALTER TABLE "feed_post_photos" ADD COLUMN "large_url" text;--> statement-breakpoint
ALTER TABLE "feed_posts" ADD COLUMN "clip" text;--> statement-breakpoint
ALTER TABLE "feed_posts" ADD COLUMN "clip_seconds" integer;--> statement-breakpoint
ALTER TABLE "feed_purchases" ADD CONSTRAINT "feed_purchases_post_id_feed_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."feed_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_purchases" ADD CONSTRAINT "feed_purchases_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_tips" ADD CONSTRAINT "feed_tips_post_id_feed_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."feed_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_tips" ADD CONSTRAINT "feed_tips_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_views" ADD CONSTRAINT "feed_views_post_id_feed_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."feed_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_views" ADD CONSTRAINT "feed_views_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_purchases_guest_idx" ON "feed_purchases" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "feed_tips_post_guest_idx" ON "feed_tips" USING btree ("post_id","guest_id");--> statement-breakpoint
CREATE INDEX "feed_views_guest_idx" ON "feed_views" USING btree ("guest_id");--> statement-breakpoint
ALTER TABLE "feed_comments" ADD CONSTRAINT "feed_comments_conversation_id_feed_comments_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."feed_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_comments_conversation_idx" ON "feed_comments" USING btree ("conversation_id");--> statement-breakpoint
UPDATE "feed_comments" SET "conversation_id" = "parent_id" WHERE "parent_id" IS NOT NULL;
