CREATE TABLE "subscription_payments" (
	"subscription_id" uuid NOT NULL,
	"period" integer NOT NULL,
	"amount_eur_cents" integer NOT NULL,
	"provider_reference" text NOT NULL,
	"transfer_id" uuid NOT NULL,
	"created" timestamp with time zone NOT NULL,
	CONSTRAINT "subscription_payments_subscription_id_period_pk" PRIMARY KEY("subscription_id","period")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guest_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"plan" text NOT NULL,
	"trial" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"period" integer DEFAULT 1 NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"next_price_cents" integer NOT NULL,
	"cancel_requested" timestamp with time zone,
	"offer" text,
	"end_reason" text,
	"created" timestamp with time zone NOT NULL,
	CONSTRAINT "subscriptions_kind" CHECK ("subscriptions"."kind" in ('vip', 'tv')),
	CONSTRAINT "subscriptions_status" CHECK ("subscriptions"."status" in ('active', 'cancelled', 'expired')),
	CONSTRAINT "subscriptions_offer" CHECK ("subscriptions"."offer" in ('accepted', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "subscription_payments" ADD CONSTRAINT "subscription_payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_running_unique" ON "subscriptions" USING btree ("guest_id","kind") WHERE "subscriptions"."status" in ('active', 'cancelled');--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_trial_once" ON "subscriptions" USING btree ("guest_id") WHERE "subscriptions"."trial";--> statement-breakpoint
CREATE INDEX "subscriptions_due" ON "subscriptions" USING btree ("period_end");