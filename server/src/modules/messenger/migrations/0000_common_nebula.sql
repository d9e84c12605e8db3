CREATE TABLE "messenger_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"guest_id" uuid NOT NULL,
	"actor_id" integer NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"free_messages_amount" integer DEFAULT 0 NOT NULL,
	"message_price" integer NOT NULL,
	"is_messaging_free" boolean DEFAULT false NOT NULL,
	"last_message_id" integer,
	"message_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"last_viewed_timestamp" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "messenger_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel_id" integer NOT NULL,
	"sender_type" text NOT NULL,
	"message_type" text NOT NULL,
	"text" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messenger_channels" ADD CONSTRAINT "messenger_channels_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_channels" ADD CONSTRAINT "messenger_channels_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_messages" ADD CONSTRAINT "messenger_messages_channel_id_messenger_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."messenger_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messenger_channels_guest_actor" ON "messenger_channels" USING btree ("guest_id","actor_id");--> statement-breakpoint
CREATE INDEX "messenger_channels_guest_time" ON "messenger_channels" USING btree ("guest_id","message_timestamp");--> statement-breakpoint
CREATE INDEX "messenger_messages_channel" ON "messenger_messages" USING btree ("channel_id","id");