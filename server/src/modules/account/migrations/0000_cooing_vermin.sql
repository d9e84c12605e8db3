CREATE TABLE "account_vip_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"days" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"benefits" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_voucher_actors" (
	"voucher_id" integer NOT NULL,
	"actor_id" integer NOT NULL,
	CONSTRAINT "account_voucher_actors_voucher_id_actor_id_pk" PRIMARY KEY("voucher_id","actor_id")
);
--> statement-breakpoint
CREATE TABLE "account_vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"guest_id" uuid NOT NULL,
	"type" integer NOT NULL,
	"amount" integer NOT NULL,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_to" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account_voucher_actors" ADD CONSTRAINT "account_voucher_actors_voucher_id_account_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."account_vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_voucher_actors" ADD CONSTRAINT "account_voucher_actors_actor_id_actors_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_vouchers" ADD CONSTRAINT "account_vouchers_guest_id_guests_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."guests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_vouchers_guest" ON "account_vouchers" USING btree ("guest_id");