CREATE TABLE "tracking_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"guest_id" uuid,
	"context" text NOT NULL,
	"action" text NOT NULL,
	"data" jsonb,
	"client_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tracking_page_visits" (
	"day" date NOT NULL,
	"route" text NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "tracking_page_visits_day_route_pk" PRIMARY KEY("day","route")
);
--> statement-breakpoint
CREATE TABLE "tracking_performer_visits" (
	"day" date NOT NULL,
	"actor_id" integer NOT NULL,
	"visits" integer NOT NULL,
	CONSTRAINT "tracking_performer_visits_day_actor_id_pk" PRIMARY KEY("day","actor_id")
);
--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_performer_visits" ADD CONSTRAINT "tracking_performer_visits_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracking_events_at" ON "tracking_events" USING btree ("at");
