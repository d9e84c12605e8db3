CREATE TABLE "picture_ratings" (
	"picture_id" integer NOT NULL,
	"guest_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	CONSTRAINT "picture_ratings_picture_id_guest_id_pk" PRIMARY KEY("picture_id","guest_id")
);
--> statement-breakpoint
CREATE TABLE "tile_grid_settings" (
	"guest_id" uuid NOT NULL,
	"type" text NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tile_grid_settings_guest_id_type_pk" PRIMARY KEY("guest_id","type")
);
--> statement-breakpoint
ALTER TABLE "picture_ratings" ADD CONSTRAINT "picture_ratings_picture_id_album_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."album_pictures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "picture_ratings" ADD CONSTRAINT "picture_ratings_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tile_grid_settings" ADD CONSTRAINT "tile_grid_settings_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;