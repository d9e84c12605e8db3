CREATE TABLE "guests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text,
	"name" text NOT NULL,
	"password_hash" text,
	"anonymous" boolean DEFAULT false NOT NULL,
	"operator" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"avatar_url" text,
	"balance" integer DEFAULT 0 NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"vip" boolean DEFAULT false NOT NULL,
	"vxselect" boolean DEFAULT false NOT NULL,
	"tv_subscriber" boolean DEFAULT false NOT NULL,
	"former_tv_subscriber" boolean DEFAULT false NOT NULL,
	"paying_customer" boolean DEFAULT false NOT NULL,
	"avs_status" text DEFAULT 'unknown' NOT NULL,
	"newsletter" boolean DEFAULT false NOT NULL,
	"show_data_protection" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guests_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "guests_name_lower_unique" ON "guests" USING btree (lower("name"));