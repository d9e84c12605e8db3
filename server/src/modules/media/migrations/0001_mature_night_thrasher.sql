CREATE TABLE "album_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"album_id" integer NOT NULL,
	"guest_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "album_ratings" (
	"album_id" integer NOT NULL,
	"guest_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	CONSTRAINT "album_ratings_album_id_guest_id_pk" PRIMARY KEY("album_id","guest_id")
);
--> statement-breakpoint
ALTER TABLE "media_library" ALTER COLUMN "guest_id" SET DATA TYPE uuid USING "guest_id"::uuid;--> statement-breakpoint
ALTER TABLE "album_comments" ADD CONSTRAINT "album_comments_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_comments" ADD CONSTRAINT "album_comments_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_ratings" ADD CONSTRAINT "album_ratings_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_ratings" ADD CONSTRAINT "album_ratings_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "album_comments_album_idx" ON "album_comments" USING btree ("album_id","created");--> statement-breakpoint
CREATE INDEX "album_comments_guest_idx" ON "album_comments" USING btree ("album_id","guest_id");--> statement-breakpoint
ALTER TABLE "media_library" ADD CONSTRAINT "media_library_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;