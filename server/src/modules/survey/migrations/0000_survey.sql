CREATE TABLE "feedback_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"guest_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"current_url" text NOT NULL,
	"mobile" boolean NOT NULL,
	"feedback" text NOT NULL,
	"email" text,
	"rating" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_latest" (
	"guest_id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feature_feedback" (
	"guest_id" uuid NOT NULL,
	"feature_id" text NOT NULL,
	"rating" integer NOT NULL,
	"text" text,
	"url" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "feature_feedback_guest_id_feature_id_pk" PRIMARY KEY("guest_id","feature_id")
);
--> statement-breakpoint
ALTER TABLE "feedback_answers" ADD CONSTRAINT "feedback_answers_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_latest" ADD CONSTRAINT "feedback_latest_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feature_feedback" ADD CONSTRAINT "feature_feedback_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;
