ALTER TABLE "messenger_messages" ADD COLUMN "open_price" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messenger_messages" ADD COLUMN "opened" boolean DEFAULT false NOT NULL;