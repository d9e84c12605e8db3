CREATE TABLE "messenger_actor_terms" (
	"actor_id" integer PRIMARY KEY NOT NULL,
	"message_price" integer NOT NULL,
	"free_messages_amount" integer NOT NULL,
	"is_messaging_free" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messenger_bought_gifts" (
	"guest_id" uuid NOT NULL,
	"gift_id" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "messenger_bought_gifts_guest_id_gift_id_pk" PRIMARY KEY("guest_id","gift_id"),
	CONSTRAINT "messenger_bought_gifts_count" CHECK ("messenger_bought_gifts"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "messenger_gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"names" jsonb NOT NULL,
	"price" integer NOT NULL,
	"image_url" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"vip" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messenger_channels" ADD COLUMN "reply_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messenger_messages" ADD COLUMN "client_message_id" text;--> statement-breakpoint
ALTER TABLE "messenger_messages" ADD COLUMN "gift_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "messenger_messages" ADD COLUMN "image_file" text;--> statement-breakpoint
ALTER TABLE "messenger_messages" ADD COLUMN "price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messenger_actor_terms" ADD CONSTRAINT "messenger_actor_terms_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_bought_gifts" ADD CONSTRAINT "messenger_bought_gifts_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messenger_bought_gifts" ADD CONSTRAINT "messenger_bought_gifts_gift_id_messenger_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."messenger_gifts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messenger_channels_reply_due" ON "messenger_channels" USING btree ("reply_due_at") WHERE "messenger_channels"."reply_due_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "messenger_messages_client_id" ON "messenger_messages" USING btree ("channel_id","client_message_id");