CREATE TABLE "album_pictures" (
	"id" serial PRIMARY KEY NOT NULL,
	"album_id" integer NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"dislikes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "albums" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"age_rating" integer DEFAULT 16 NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	"is_vip_content" boolean DEFAULT false NOT NULL,
	"price" integer NOT NULL,
	"base_price" integer NOT NULL,
	"currency" text DEFAULT 'VXC' NOT NULL,
	"preview_url" text NOT NULL,
	"preview_width" integer NOT NULL,
	"preview_height" integer NOT NULL,
	"total_views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"dislikes" integer DEFAULT 0 NOT NULL,
	"released_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_library" (
	"id" serial PRIMARY KEY NOT NULL,
	"guest_id" text NOT NULL,
	"media_type" text NOT NULL,
	"video_id" integer,
	"album_id" integer,
	"source" text NOT NULL,
	"origin" text DEFAULT 'SHOP' NOT NULL,
	"gifted" boolean DEFAULT false NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_tags" (
	"video_id" integer NOT NULL,
	"tag" text NOT NULL,
	CONSTRAINT "video_tags_video_id_tag_pk" PRIMARY KEY("video_id","tag")
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"duration_seconds" integer NOT NULL,
	"age_rating" integer DEFAULT 18 NOT NULL,
	"vip" boolean DEFAULT false NOT NULL,
	"is_vip30_offer" boolean DEFAULT false NOT NULL,
	"free" boolean DEFAULT false NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"classic" boolean DEFAULT false NOT NULL,
	"cam_recording" boolean DEFAULT false NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"price" integer NOT NULL,
	"base_price" integer NOT NULL,
	"currency" text DEFAULT 'VXC' NOT NULL,
	"preview_url" text NOT NULL,
	"preview_width" integer NOT NULL,
	"preview_height" integer NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"contest_place" integer,
	"released_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "album_pictures" ADD CONSTRAINT "album_pictures_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "albums" ADD CONSTRAINT "albums_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_library" ADD CONSTRAINT "media_library_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_library" ADD CONSTRAINT "media_library_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_tags" ADD CONSTRAINT "video_tags_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "album_pictures_album_idx" ON "album_pictures" USING btree ("album_id","position");--> statement-breakpoint
CREATE INDEX "albums_actor_idx" ON "albums" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "media_library_guest_idx" ON "media_library" USING btree ("guest_id","added_at");--> statement-breakpoint
CREATE INDEX "video_tags_tag_idx" ON "video_tags" USING btree ("tag");--> statement-breakpoint
CREATE INDEX "videos_actor_idx" ON "videos" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "videos_released_idx" ON "videos" USING btree ("released_at");