CREATE TABLE "wallet_topup_bonuses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"guest_id" text NOT NULL,
	"source" text NOT NULL,
	"tiers" jsonb NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"created" timestamp with time zone NOT NULL,
	"granted_at" timestamp with time zone,
	"granted_coins" integer,
	CONSTRAINT "wallet_topup_bonuses_guest_source" UNIQUE("guest_id","source")
);
--> statement-breakpoint
CREATE INDEX "wallet_topup_bonuses_waiting" ON "wallet_topup_bonuses" USING btree ("guest_id") WHERE "wallet_topup_bonuses"."granted_at" is null;
