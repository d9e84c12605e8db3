ALTER TABLE "media_library" ADD COLUMN "archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "videos" ADD COLUMN "clip" text;--> statement-breakpoint
UPDATE "media_library" SET "source" = 'PURCHASED', "archived" = true WHERE "source" = 'ARCHIVED';--> statement-breakpoint
CREATE UNIQUE INDEX "media_library_video_uq" ON "media_library" USING btree ("guest_id","video_id","source");--> statement-breakpoint
CREATE UNIQUE INDEX "media_library_album_uq" ON "media_library" USING btree ("guest_id","album_id","source");