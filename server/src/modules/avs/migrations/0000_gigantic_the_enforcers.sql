CREATE TABLE "avs_callback_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"check_id" uuid NOT NULL,
	"received" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "avs_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guest_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text NOT NULL,
	"forward_url" text NOT NULL,
	"language" text NOT NULL,
	"reject_message" text,
	"decide_at" timestamp with time zone,
	"created" timestamp with time zone NOT NULL,
	"decided" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "avs_checks" ADD CONSTRAINT "avs_checks_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "avs_checks_guest" ON "avs_checks" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "avs_checks_due" ON "avs_checks" USING btree ("status","decide_at");