ALTER TABLE "specials_events" ADD COLUMN "day_configs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "specials_events" ADD COLUMN "rewards" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE TABLE "specials_game_days" (
	"event_id" integer NOT NULL,
	"guest_id" uuid NOT NULL,
	"day" date NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "specials_game_days_event_id_guest_id_day_pk" PRIMARY KEY("event_id","guest_id","day")
);
--> statement-breakpoint
CREATE TABLE "specials_reward_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"guest_id" uuid NOT NULL,
	"claim" text NOT NULL,
	"source" text NOT NULL,
	"reward_type" text NOT NULL,
	"value" integer NOT NULL,
	"title" text,
	"points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specials_advent_doors" (
	"door" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"reward_type" text NOT NULL,
	"value" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "specials_game_days" ADD CONSTRAINT "specials_game_days_event_id_specials_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."specials_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specials_game_days" ADD CONSTRAINT "specials_game_days_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specials_reward_grants" ADD CONSTRAINT "specials_reward_grants_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "specials_reward_grants_claim" ON "specials_reward_grants" USING btree ("guest_id","claim");--> statement-breakpoint
CREATE INDEX "specials_reward_grants_source" ON "specials_reward_grants" USING btree ("guest_id","source","created_at");
