CREATE TABLE "conversion_incentives" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"region" text NOT NULL,
	"type" text NOT NULL,
	"event" text NOT NULL,
	"route_name" text,
	"audience" text NOT NULL,
	"priority" integer NOT NULL,
	"countdown_minutes" integer,
	"unique_group" text NOT NULL,
	"action_route" text,
	"texts" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "conversion_incentives_tenant_event" ON "conversion_incentives" USING btree ("tenant_id","event");
--> statement-breakpoint
CREATE TABLE "conversion_blocks" (
	"guest_id" uuid NOT NULL REFERENCES "guests"("id") ON DELETE cascade,
	"unique_group" text NOT NULL,
	"result" text NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	CONSTRAINT "conversion_blocks_pk" PRIMARY KEY("guest_id","unique_group")
);
--> statement-breakpoint
CREATE TABLE "conversion_hidden_types" (
	"guest_id" uuid NOT NULL REFERENCES "guests"("id") ON DELETE cascade,
	"incentive_type" text NOT NULL,
	"hidden_until" timestamp with time zone NOT NULL,
	CONSTRAINT "conversion_hidden_types_pk" PRIMARY KEY("guest_id","incentive_type")
);
--> statement-breakpoint
CREATE TABLE "conversion_shown" (
	"guest_id" uuid NOT NULL REFERENCES "guests"("id") ON DELETE cascade,
	"incentive_id" integer NOT NULL REFERENCES "conversion_incentives"("id") ON DELETE cascade,
	"first_shown" timestamp with time zone NOT NULL,
	CONSTRAINT "conversion_shown_pk" PRIMARY KEY("guest_id","incentive_id")
);
--> statement-breakpoint
CREATE TABLE "conversion_guest_info" (
	"guest_id" uuid NOT NULL REFERENCES "guests"("id") ON DELETE cascade,
	"type" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "conversion_guest_info_pk" PRIMARY KEY("guest_id","type")
);
--> statement-breakpoint
CREATE TABLE "conversion_chats" (
	"guest_id" uuid PRIMARY KEY NOT NULL REFERENCES "guests"("id") ON DELETE cascade,
	"countdown_ends" timestamp with time zone NOT NULL
);
