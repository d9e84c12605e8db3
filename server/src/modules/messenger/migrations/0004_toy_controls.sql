ALTER TABLE "messenger_gifts" ADD COLUMN "toy_duration_seconds" integer;--> statement-breakpoint
ALTER TABLE "messenger_gifts" ADD COLUMN "toy_random" boolean DEFAULT false NOT NULL;