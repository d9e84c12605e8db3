CREATE TABLE "federation_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"tenant_id" text,
	"remote" text,
	"version" text,
	"previous_version" text,
	"detail" jsonb
);
--> statement-breakpoint
ALTER TABLE "tenant_remotes" ADD COLUMN "pin_history" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_remotes" ADD COLUMN "updated_by" text DEFAULT 'startup' NOT NULL;