DROP INDEX "listings_active_created_idx";--> statement-breakpoint
DROP INDEX "listings_state_category_created_idx";--> statement-breakpoint
DROP INDEX "listings_postcode_created_idx";--> statement-breakpoint
DROP INDEX "listings_area_newest_idx";--> statement-breakpoint
DROP INDEX "listings_category_created_idx";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "listed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "ranked_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Hand-written (decision 34): a listing so far was listed when it was created, and ranks by that time.
UPDATE "listings" SET "listed_at" = "created_at", "ranked_at" = "created_at";--> statement-breakpoint
-- Listings already past their plan's listing time (Starter 30 days; Explorer, Connector, Lifetime 60) rank a century earlier, below those within theirs, as the upkeep does. Their sellers are not mailed: their dashboards offer Renew.
UPDATE "listings" AS l SET "ranked_at" = l."created_at" - interval '100 years' FROM "users" AS u WHERE u."id" = l."seller_id" AND l."created_at" <= now() - CASE WHEN u."membership_tier" IN ('explorer', 'connector', 'lifetime') THEN interval '60 days' ELSE interval '30 days' END;--> statement-breakpoint
CREATE INDEX "listings_active_ranked_idx" ON "listings" USING btree ("ranked_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."is_active";--> statement-breakpoint
CREATE INDEX "listings_state_category_ranked_idx" ON "listings" USING btree ("state","category","ranked_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."is_active";--> statement-breakpoint
CREATE INDEX "listings_postcode_ranked_idx" ON "listings" USING btree ("postcode","ranked_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."is_active";--> statement-breakpoint
CREATE INDEX "listings_area_ranked_idx" ON "listings" USING btree ("postcode","ranked_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"category") WHERE "listings"."is_active" and "listings"."pinned_at" is null;--> statement-breakpoint
CREATE INDEX "listings_category_ranked_idx" ON "listings" USING btree ("category","ranked_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."is_active";