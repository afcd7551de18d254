ALTER TABLE "listings" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "first_charge_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "listing_limit_notice_at" timestamp with time zone;