-- The catalogue's tables, which the chat and messenger modules created before this module had migrations.
-- Every statement leaves what exists alone, so a data directory migrated by those modules (at any of their
-- versions) ends with the same tables as a new one: missing tables, columns and indexes are added, nothing else.
CREATE TABLE IF NOT EXISTS "actors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"gender" text NOT NULL,
	"age" integer NOT NULL,
	"country" text NOT NULL,
	"languages" jsonb NOT NULL,
	"three_words" text NOT NULL,
	"about_me" text NOT NULL,
	"avatar_url" text NOT NULL,
	"is_online" boolean DEFAULT false NOT NULL,
	"free_chat" boolean DEFAULT false NOT NULL,
	"is_top_amateur" boolean DEFAULT false NOT NULL,
	"star" boolean DEFAULT false NOT NULL,
	"category_id" integer DEFAULT 3 NOT NULL,
	"price_video_chat" integer NOT NULL,
	"price_voyeur_chat" integer NOT NULL,
	"price_single_c2c" integer NOT NULL,
	"banned_country_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_voyeur_chat_available" boolean DEFAULT false NOT NULL,
	"is_live_preview_enabled" boolean DEFAULT true NOT NULL,
	"favorite_count" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"registered_since" timestamp with time zone DEFAULT now() NOT NULL,
	"about_me_translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"birthday" date,
	"price_single_chat" integer DEFAULT 0 NOT NULL,
	"price_ticket_show" integer DEFAULT 0 NOT NULL,
	"price_message" integer DEFAULT 0 NOT NULL,
	"free_messages" integer DEFAULT 0 NOT NULL,
	"has_hd" boolean DEFAULT false NOT NULL,
	"has_audio" boolean DEFAULT false NOT NULL,
	"is_toy_control_available" boolean DEFAULT false NOT NULL,
	"is_voyeur_in_single_chat_allowed" boolean DEFAULT false NOT NULL,
	"is_currently_ticket_show" boolean DEFAULT false NOT NULL,
	"is_online_mobile_videocall" boolean DEFAULT false NOT NULL,
	"rating_good_count" integer DEFAULT 0 NOT NULL,
	"online_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "actors_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "actors" ADD COLUMN IF NOT EXISTS "lat" double precision;--> statement-breakpoint
ALTER TABLE "actors" ADD COLUMN IF NOT EXISTS "long" double precision;--> statement-breakpoint
ALTER TABLE "actors" ADD COLUMN IF NOT EXISTS "zip" text;--> statement-breakpoint
ALTER TABLE "actors" ADD COLUMN IF NOT EXISTS "ranking_points_video_call" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "actors" ADD COLUMN IF NOT EXISTS "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', name || ' ' || display_name), 'A') || setweight(to_tsvector('simple', three_words), 'B') || setweight(to_tsvector('simple', about_me), 'C') || setweight(jsonb_to_tsvector('simple', about_me_translations, '["string"]'), 'C')) STORED;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "actor_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"names" jsonb NOT NULL,
	"preview_url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "actor_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "actor_category_members" (
	"actor_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "actor_category_members_actor_id_category_id_pk" PRIMARY KEY("actor_id","category_id"),
	CONSTRAINT "actor_category_members_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "actor_category_members_category_id_actor_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."actor_categories"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "actor_sedcards" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"url" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "actor_sedcards_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "actor_online_windows" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "actor_online_windows_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "actor_search_states" (
	"guest_id" text NOT NULL,
	"search_type" text NOT NULL,
	"conditions" jsonb NOT NULL,
	"location" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "actor_search_states_guest_id_search_type_pk" PRIMARY KEY("guest_id","search_type")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "geo_zip_codes" (
	"zip" text PRIMARY KEY NOT NULL,
	"lat" double precision NOT NULL,
	"long" double precision NOT NULL,
	"city" text NOT NULL,
	"country" text DEFAULT 'DE' NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "favorite_actors" (
	"guest_id" uuid NOT NULL,
	"actor_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_actors_guest_id_actor_id_pk" PRIMARY KEY("guest_id","actor_id"),
	CONSTRAINT "favorite_actors_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "favorite_actors_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "actor_category_members_category" ON "actor_category_members" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "actor_sedcards_actor" ON "actor_sedcards" USING btree ("actor_id","position");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "actor_online_windows_actor" ON "actor_online_windows" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "actors_online" ON "actors" USING btree ("is_online","is_top_amateur");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "actors_search_vector" ON "actors" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "actors_location" ON "actors" USING btree ("lat","long");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "actors_rank" ON "actors" USING btree ("is_online" DESC NULLS FIRST,"is_top_amateur" DESC NULLS FIRST,"favorite_count" DESC NULLS FIRST,"id");
