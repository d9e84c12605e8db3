ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_status";--> statement-breakpoint
DROP INDEX "subscriptions_running_unique";--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "payment_method" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "operation_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_operation_key" ON "subscriptions" USING btree ("operation_key");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_running_unique" ON "subscriptions" USING btree ("guest_id","kind") WHERE "subscriptions"."status" in ('pending', 'active', 'cancelled');--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_paid_method" CHECK ("subscriptions"."status" = 'pending' or "subscriptions"."payment_method" is not null);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_status" CHECK ("subscriptions"."status" in ('pending', 'active', 'cancelled', 'expired'));