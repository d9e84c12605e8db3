CREATE TABLE "remote_loads" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"tenant_id" text NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"channel" text NOT NULL,
	"outcome" text NOT NULL,
	"stage" text,
	"duration_ms" integer NOT NULL,
	"error" text,
	"visitor" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_remotes" ADD COLUMN "canary_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "remote_loads_at" ON "remote_loads" USING btree ("at");--> statement-breakpoint
CREATE INDEX "remote_loads_version" ON "remote_loads" USING btree ("tenant_id","remote","version","channel","at");