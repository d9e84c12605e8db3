CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guest_id" uuid NOT NULL,
	"type" integer NOT NULL,
	"params" jsonb NOT NULL,
	"unread" boolean DEFAULT true NOT NULL,
	"unseen" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_guest_created" ON "notifications" USING btree ("guest_id","created");