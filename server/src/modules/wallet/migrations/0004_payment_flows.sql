CREATE TABLE "wallet_auto_recharge" (
	"guest_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"amount_eur_cents" integer NOT NULL,
	"threshold" integer NOT NULL,
	"teaser_state" text DEFAULT 'open' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_deposit_limits" (
	"guest_id" text PRIMARY KEY NOT NULL,
	"daily" integer,
	"monthly" integer,
	"pending_daily" integer,
	"pending_monthly" integer,
	"pending_from" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_deposits" (
	"reference" text PRIMARY KEY NOT NULL,
	"guest_id" text NOT NULL,
	"amount_eur_cents" integer NOT NULL,
	"status" text NOT NULL,
	"created" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_deposits_status" CHECK ("wallet_deposits"."status" in ('pending', 'credited', 'declined')),
	CONSTRAINT "wallet_deposits_amount_positive" CHECK ("wallet_deposits"."amount_eur_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX "wallet_deposits_guest" ON "wallet_deposits" USING btree ("guest_id","created");