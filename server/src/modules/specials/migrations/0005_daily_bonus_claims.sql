CREATE TABLE "specials_daily_bonus_claims" (
	"offer_id" integer NOT NULL,
	"guest_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"paid" integer NOT NULL,
	"grant_id" integer NOT NULL,
	CONSTRAINT "specials_daily_bonus_claims_offer_id_guest_id_pk" PRIMARY KEY("offer_id","guest_id")
);
--> statement-breakpoint
ALTER TABLE "specials_daily_bonus_claims" ADD CONSTRAINT "specials_daily_bonus_claims_offer_id_specials_daily_bonus_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."specials_daily_bonus_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specials_daily_bonus_claims" ADD CONSTRAINT "specials_daily_bonus_claims_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specials_daily_bonus_claims" ADD CONSTRAINT "specials_daily_bonus_claims_grant_id_specials_reward_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."specials_reward_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "specials_daily_bonus_claims_guest" ON "specials_daily_bonus_claims" USING btree ("guest_id");
