ALTER TABLE "chat_sessions" ADD COLUMN "voucher_id" integer;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "voucher_minutes" integer DEFAULT 0 NOT NULL;