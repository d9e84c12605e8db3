ALTER TABLE "specials_loyalty_accounts" DROP COLUMN "points";--> statement-breakpoint
CREATE TABLE "specials_loyalty_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"guest_id" text NOT NULL,
	"kind" text NOT NULL,
	"wheel_type" text NOT NULL,
	"reward_type" text NOT NULL,
	"value" integer NOT NULL,
	"segment_id" integer,
	"reward_id" integer,
	"month" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "specials_loyalty_history" ADD CONSTRAINT "specials_loyalty_history_segment_id_specials_spinwheel_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."specials_spinwheel_segments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specials_loyalty_history" ADD CONSTRAINT "specials_loyalty_history_reward_id_specials_loyalty_monthly_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."specials_loyalty_monthly_rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "specials_loyalty_history_guest" ON "specials_loyalty_history" USING btree ("guest_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "specials_loyalty_history_redeemed" ON "specials_loyalty_history" USING btree ("guest_id","reward_id","month");
