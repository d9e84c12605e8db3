CREATE TABLE "album_views" (
	"album_id" integer NOT NULL,
	"guest_id" uuid NOT NULL,
	CONSTRAINT "album_views_album_id_guest_id_pk" PRIMARY KEY("album_id","guest_id")
);
--> statement-breakpoint
CREATE TABLE "pinned_pictures" (
	"guest_id" uuid NOT NULL,
	"picture_id" integer NOT NULL,
	"pinned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pinned_pictures_guest_id_picture_id_pk" PRIMARY KEY("guest_id","picture_id")
);
--> statement-breakpoint
CREATE TABLE "sedcard_ratings" (
	"actor_id" integer NOT NULL,
	"guest_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	CONSTRAINT "sedcard_ratings_actor_id_guest_id_pk" PRIMARY KEY("actor_id","guest_id")
);
--> statement-breakpoint
ALTER TABLE "album_views" ADD CONSTRAINT "album_views_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_views" ADD CONSTRAINT "album_views_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pinned_pictures" ADD CONSTRAINT "pinned_pictures_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pinned_pictures" ADD CONSTRAINT "pinned_pictures_picture_id_album_pictures_id_fk" FOREIGN KEY ("picture_id") REFERENCES "public"."album_pictures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sedcard_ratings" ADD CONSTRAINT "sedcard_ratings_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sedcard_ratings" ADD CONSTRAINT "sedcard_ratings_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pinned_pictures_guest_idx" ON "pinned_pictures" USING btree ("guest_id","pinned_at");