CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guest_id" uuid NOT NULL,
	"created" timestamp with time zone NOT NULL,
	"expires" timestamp with time zone NOT NULL,
	"ended" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "guests" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_sessions_guest" ON "auth_sessions" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_ended" ON "auth_sessions" USING btree ("ended");