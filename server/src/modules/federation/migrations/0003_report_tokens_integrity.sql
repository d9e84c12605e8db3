ALTER TABLE "remote_deployments" ADD COLUMN "entry_integrity" text;--> statement-breakpoint
ALTER TABLE "remote_loads" ADD COLUMN "counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "remote_loads" ADD COLUMN "page_load" text;--> statement-breakpoint
CREATE UNIQUE INDEX "remote_loads_page_load" ON "remote_loads" USING btree ("tenant_id","remote","version","page_load");