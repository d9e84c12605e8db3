CREATE TABLE "codes_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"welcome" boolean DEFAULT false NOT NULL,
	"benefits" jsonb NOT NULL,
	"require_mobile_auth" boolean NOT NULL,
	"require_vip" boolean NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "codes_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"code" text NOT NULL,
	"remaining" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "codes_codes_remaining" CHECK ("remaining" is null or "remaining" >= 0)
);
--> statement-breakpoint
CREATE TABLE "codes_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"code_id" integer NOT NULL,
	"guest_id" uuid NOT NULL,
	"welcome" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "codes_codes" ADD CONSTRAINT "codes_codes_campaign_id_codes_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."codes_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codes_redemptions" ADD CONSTRAINT "codes_redemptions_campaign_id_codes_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."codes_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codes_redemptions" ADD CONSTRAINT "codes_redemptions_code_id_codes_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."codes_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "codes_codes_code" ON "codes_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "codes_codes_campaign" ON "codes_codes" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "codes_redemptions_guest_campaign" ON "codes_redemptions" USING btree ("guest_id","campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "codes_redemptions_guest_welcome" ON "codes_redemptions" USING btree ("guest_id") WHERE "codes_redemptions"."welcome";
