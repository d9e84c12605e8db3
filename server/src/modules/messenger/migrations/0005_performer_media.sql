CREATE TABLE "messenger_deleted_media" (
	"file" text PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messenger_messages" ADD COLUMN "media_type" text;--> statement-breakpoint
ALTER TABLE "messenger_messages" ADD COLUMN "duration_seconds" integer;--> statement-breakpoint
-- Pictures stored before media types existed are pictures.
UPDATE "messenger_messages" SET "media_type" = 'bitmap' WHERE "image_file" IS NOT NULL;--> statement-breakpoint
-- A deleted message's file is noted for the job that removes it from the disk, however the message went.
CREATE FUNCTION messenger_note_deleted_media() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "messenger_deleted_media" ("file") VALUES (OLD."image_file") ON CONFLICT DO NOTHING;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER messenger_messages_deleted_media AFTER DELETE ON "messenger_messages"
  FOR EACH ROW WHEN (OLD."image_file" IS NOT NULL) EXECUTE FUNCTION messenger_note_deleted_media();
