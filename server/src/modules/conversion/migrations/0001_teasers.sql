CREATE TABLE "conversion_teasers" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"route_name" text,
	"route_args" jsonb NOT NULL,
	"position" integer NOT NULL,
	"action_route" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"texts" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "conversion_teasers_tenant_route" ON "conversion_teasers" USING btree ("tenant_id","route_name");
