CREATE TABLE IF NOT EXISTS "wallet_sandbox_charges" (
	"reference" text PRIMARY KEY NOT NULL,
	"provider_reference" text NOT NULL,
	"status" text NOT NULL,
	"payment_method" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_sandbox_charges_status" CHECK ("wallet_sandbox_charges"."status" in ('succeeded', 'declined'))
);
