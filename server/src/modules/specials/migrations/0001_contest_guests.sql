CREATE TABLE "specials_contest_guests" (
	"contest_id" integer NOT NULL,
	"guest_id" text NOT NULL,
	"hide_vote_limit_modal" boolean DEFAULT false NOT NULL,
	CONSTRAINT "specials_contest_guests_contest_id_guest_id_pk" PRIMARY KEY("contest_id","guest_id")
);
--> statement-breakpoint
ALTER TABLE "specials_contest_guests" ADD CONSTRAINT "specials_contest_guests_contest_id_specials_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."specials_contests"("id") ON DELETE cascade ON UPDATE no action;
