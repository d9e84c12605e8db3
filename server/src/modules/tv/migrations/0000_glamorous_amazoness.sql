CREATE TABLE "tv_episodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"series_id" integer NOT NULL,
	"episode" integer NOT NULL,
	"title" text NOT NULL,
	"fsk" integer NOT NULL,
	"duration" integer NOT NULL,
	"preview_picture" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tv_program" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"title_de" text NOT NULL,
	"title_en" text NOT NULL,
	"text_de" text NOT NULL,
	"text_en" text NOT NULL,
	"begin" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL,
	"image_url" text NOT NULL,
	"late_night" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tv_program_actors" (
	"program_id" integer NOT NULL,
	"actor_id" integer NOT NULL,
	CONSTRAINT "tv_program_actors_program_id_actor_id_pk" PRIMARY KEY("program_id","actor_id")
);
--> statement-breakpoint
CREATE TABLE "tv_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"preview_img_url" text NOT NULL,
	CONSTRAINT "tv_series_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "tv_episodes" ADD CONSTRAINT "tv_episodes_series_id_tv_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."tv_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_program_actors" ADD CONSTRAINT "tv_program_actors_program_id_tv_program_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."tv_program"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_program_actors" ADD CONSTRAINT "tv_program_actors_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tv_episodes_series_idx" ON "tv_episodes" USING btree ("series_id","episode");--> statement-breakpoint
CREATE INDEX "tv_program_type_begin_idx" ON "tv_program" USING btree ("type","begin");