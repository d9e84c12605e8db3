CREATE TABLE "lifecycle_blocked_phones" (
	"phone" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lifecycle_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"guest_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lifecycle_deleted_sessions" (
	"sid" uuid PRIMARY KEY NOT NULL,
	"expires" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lifecycle_locks" (
	"id" serial PRIMARY KEY NOT NULL,
	"guest_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"locked_by" uuid,
	"locked_at" timestamp with time zone NOT NULL,
	"unlocked_by" uuid,
	"unlocked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lifecycle_pincalls" (
	"id" serial PRIMARY KEY NOT NULL,
	"guest_id" uuid NOT NULL,
	"type" text NOT NULL,
	"phone" text NOT NULL,
	"country_code" text NOT NULL,
	"pin" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone NOT NULL,
	"expires" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lifecycle_preferences" (
	"guest_id" uuid PRIMARY KEY NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lifecycle_consents" ADD CONSTRAINT "lifecycle_consents_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifecycle_locks" ADD CONSTRAINT "lifecycle_locks_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifecycle_pincalls" ADD CONSTRAINT "lifecycle_pincalls_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lifecycle_preferences" ADD CONSTRAINT "lifecycle_preferences_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lifecycle_consents_guest" ON "lifecycle_consents" USING btree ("guest_id","accepted_at");--> statement-breakpoint
CREATE INDEX "lifecycle_locks_guest" ON "lifecycle_locks" USING btree ("guest_id","locked_at");--> statement-breakpoint
CREATE INDEX "lifecycle_pincalls_guest" ON "lifecycle_pincalls" USING btree ("guest_id","created");--> statement-breakpoint
CREATE UNIQUE INDEX "lifecycle_pincalls_verified_phone" ON "lifecycle_pincalls" USING btree ("phone") WHERE "lifecycle_pincalls"."verified";