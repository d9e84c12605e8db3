CREATE TABLE "specials_calendar_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"name" jsonb NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL,
	"reward_claim_end" timestamp with time zone NOT NULL,
	"rewards" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specials_easter_eggs" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL REFERENCES "specials_calendar_events"("id") ON DELETE cascade,
	"page" text NOT NULL,
	"spot" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "specials_easter_eggs_page" ON "specials_easter_eggs" USING btree ("event_id","page");--> statement-breakpoint
CREATE TABLE "specials_easter_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"egg_id" integer NOT NULL REFERENCES "specials_easter_eggs"("id") ON DELETE cascade,
	"event_id" integer NOT NULL REFERENCES "specials_calendar_events"("id") ON DELETE cascade,
	"guest_id" uuid NOT NULL REFERENCES "guests"("id") ON DELETE cascade,
	"issued_at" timestamp with time zone NOT NULL,
	"collected_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "specials_easter_tokens_egg_guest" ON "specials_easter_tokens" USING btree ("egg_id","guest_id");--> statement-breakpoint
CREATE INDEX "specials_easter_tokens_found" ON "specials_easter_tokens" USING btree ("guest_id","event_id");--> statement-breakpoint
CREATE TABLE "specials_activity_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL REFERENCES "specials_calendar_events"("id") ON DELETE cascade,
	"key" text NOT NULL,
	"name" jsonb NOT NULL,
	"points" integer NOT NULL,
	"vip_bonus" integer NOT NULL,
	"limit_per_day" integer NOT NULL,
	"faq_title" jsonb NOT NULL,
	"faq_link" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "specials_activity_definitions_key" ON "specials_activity_definitions" USING btree ("event_id","key");--> statement-breakpoint
CREATE TABLE "specials_activity_days" (
	"activity_id" integer NOT NULL REFERENCES "specials_activity_definitions"("id") ON DELETE cascade,
	"guest_id" uuid NOT NULL REFERENCES "guests"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "specials_activity_days_activity_id_guest_id_day_pk" PRIMARY KEY("activity_id","guest_id","day")
);
--> statement-breakpoint
CREATE TABLE "specials_activity_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL REFERENCES "specials_calendar_events"("id") ON DELETE cascade,
	"activity_key" text NOT NULL,
	"target" integer NOT NULL,
	"points" integer NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"link" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "specials_gift_calendar_days" (
	"actor_id" integer NOT NULL REFERENCES "actors"("id") ON DELETE cascade,
	"day" date NOT NULL,
	"reward_type" text NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "specials_gift_calendar_days_actor_id_day_pk" PRIMARY KEY("actor_id","day")
);
