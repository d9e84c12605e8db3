CREATE TABLE "specials_blog_post_actors" (
	"post_id" integer NOT NULL,
	"actor_id" integer NOT NULL,
	CONSTRAINT "specials_blog_post_actors_post_id_actor_id_pk" PRIMARY KEY("post_id","actor_id")
);
--> statement-breakpoint
CREATE TABLE "specials_blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"category_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"teaser" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"image_url" text NOT NULL,
	"image_width" integer NOT NULL,
	"image_height" integer NOT NULL,
	"published" timestamp with time zone NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	CONSTRAINT "specials_blog_posts_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "specials_clash_challenge_teams" (
	"challenge_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"media" jsonb NOT NULL,
	CONSTRAINT "specials_clash_challenge_teams_challenge_id_team_id_pk" PRIMARY KEY("challenge_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "specials_clash_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"clash_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL,
	"title" jsonb NOT NULL,
	"sub_title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"preview_picture" text NOT NULL,
	"winner_admin" integer,
	"winner_voting" integer,
	"moderator_name" text NOT NULL,
	"moderator_picture" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specials_clash_team_members" (
	"team_id" integer NOT NULL,
	"actor_id" integer NOT NULL,
	CONSTRAINT "specials_clash_team_members_team_id_actor_id_pk" PRIMARY KEY("team_id","actor_id")
);
--> statement-breakpoint
CREATE TABLE "specials_clash_teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"clash_id" integer NOT NULL,
	"name" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"captain_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specials_clash_votes" (
	"challenge_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"guest_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specials_clashes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL,
	"theme_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specials_contest_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"actor_id" integer NOT NULL,
	"album_id" integer,
	"title" text NOT NULL,
	"preview_url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"votes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specials_contest_votes" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"guest_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specials_contests" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"preview_url" text NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specials_daily_bonus_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"offer" text NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"image_url" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"effect" jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"purchased" integer DEFAULT 0 NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	"content" jsonb,
	"price_value" integer,
	"price_currency" text
);
--> statement-breakpoint
CREATE TABLE "specials_loyalty_accounts" (
	"guest_id" text PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"spins" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specials_loyalty_monthly_rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"wheel_type" text NOT NULL,
	"reward_type" text NOT NULL,
	"required_points" integer NOT NULL,
	"value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specials_magazine_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"teaser" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"image_url" text NOT NULL,
	"image_width" integer NOT NULL,
	"image_height" integer NOT NULL,
	"event_id" integer,
	CONSTRAINT "specials_magazine_pages_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "specials_events" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"game_type" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"image_url" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"daily_attempts" integer NOT NULL,
	CONSTRAINT "specials_events_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "specials_spinwheel_segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"wheel_type" text NOT NULL,
	"position" integer NOT NULL,
	"reward_type" text NOT NULL,
	"value" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "specials_blog_post_actors" ADD CONSTRAINT "specials_blog_post_actors_post_id_specials_blog_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."specials_blog_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specials_blog_post_actors" ADD CONSTRAINT "specials_blog_post_actors_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specials_clash_challenge_teams" ADD CONSTRAINT "specials_clash_challenge_teams_challenge_id_specials_clash_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."specials_clash_challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specials_clash_challenge_teams" ADD CONSTRAINT "specials_clash_challenge_teams_team_id_specials_clash_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."specials_clash_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specials_clash_challenges" ADD CONSTRAINT "specials_clash_challenges_clash_id_specials_clashes_id_fk" FOREIGN KEY ("clash_id") REFERENCES "public"."specials_clashes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specials_clash_team_members" ADD CONSTRAINT "specials_clash_team_members_team_id_specials_clash_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."specials_clash_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specials_clash_team_members" ADD CONSTRAINT "specials_clash_team_members_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specials_clash_teams" ADD CONSTRAINT "specials_clash_teams_clash_id_specials_clashes_id_fk" FOREIGN KEY ("clash_id") REFERENCES "public"."specials_clashes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specials_clash_teams" ADD CONSTRAINT "specials_clash_teams_captain_id_actors_id_fk" FOREIGN KEY ("captain_id") REFERENCES "public"."actors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specials_clash_votes" ADD CONSTRAINT "specials_clash_votes_challenge_id_specials_clash_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."specials_clash_challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specials_clash_votes" ADD CONSTRAINT "specials_clash_votes_team_id_specials_clash_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."specials_clash_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specials_contest_media" ADD CONSTRAINT "specials_contest_media_contest_id_specials_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."specials_contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specials_contest_media" ADD CONSTRAINT "specials_contest_media_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specials_contest_votes" ADD CONSTRAINT "specials_contest_votes_contest_id_specials_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."specials_contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specials_contest_votes" ADD CONSTRAINT "specials_contest_votes_media_id_specials_contest_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."specials_contest_media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specials_magazine_pages" ADD CONSTRAINT "specials_magazine_pages_event_id_specials_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."specials_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "specials_blog_posts_category" ON "specials_blog_posts" USING btree ("category_id","published");--> statement-breakpoint
CREATE UNIQUE INDEX "specials_clash_votes_guest" ON "specials_clash_votes" USING btree ("challenge_id","guest_id");--> statement-breakpoint
CREATE INDEX "specials_contest_media_contest" ON "specials_contest_media" USING btree ("contest_id");--> statement-breakpoint
CREATE INDEX "specials_contest_votes_guest" ON "specials_contest_votes" USING btree ("contest_id","guest_id");--> statement-breakpoint
CREATE INDEX "specials_daily_bonus_offers_date" ON "specials_daily_bonus_offers" USING btree ("date");