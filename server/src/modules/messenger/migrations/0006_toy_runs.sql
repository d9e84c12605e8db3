CREATE TABLE "messenger_toy_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"guest_id" uuid NOT NULL,
	"actor_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	"gift_id" integer NOT NULL,
	"intensity" integer NOT NULL,
	"random" boolean NOT NULL,
	"duration_seconds" integer NOT NULL,
	"price" integer NOT NULL,
	"state" text NOT NULL,
	"chat_id" text,
	"operation_key" text NOT NULL,
	"created" timestamp with time zone NOT NULL,
	"active_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "messenger_toy_runs" ADD CONSTRAINT "messenger_toy_runs_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_toy_runs" ADD CONSTRAINT "messenger_toy_runs_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_toy_runs" ADD CONSTRAINT "messenger_toy_runs_channel_id_messenger_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."messenger_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_toy_runs" ADD CONSTRAINT "messenger_toy_runs_message_id_messenger_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messenger_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_toy_runs" ADD CONSTRAINT "messenger_toy_runs_gift_id_messenger_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."messenger_gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messenger_toy_runs_operation" ON "messenger_toy_runs" USING btree ("guest_id","operation_key");--> statement-breakpoint
CREATE INDEX "messenger_toy_runs_running" ON "messenger_toy_runs" USING btree ("actor_id","id") WHERE "messenger_toy_runs"."state" in ('available', 'active', 'started');