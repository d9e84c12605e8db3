CREATE TABLE "remote_deployments" (
	"id" serial PRIMARY KEY NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"deployed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deployed_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_remotes" (
	"tenant_id" text NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"canary_version" text,
	"canary_percent" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_remotes_tenant_id_remote_pk" PRIMARY KEY("tenant_id","remote")
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"logo_url" text NOT NULL,
	"hosts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"languages" jsonb NOT NULL,
	"theme" jsonb NOT NULL,
	"features" jsonb NOT NULL,
	"footer_links" jsonb NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_remotes" ADD CONSTRAINT "tenant_remotes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;