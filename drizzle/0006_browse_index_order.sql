DROP INDEX "listings_active_created_idx";--> statement-breakpoint
DROP INDEX "listings_state_category_created_idx";--> statement-breakpoint
DROP INDEX "listings_postcode_created_idx";--> statement-breakpoint
DROP INDEX "listings_category_created_idx";--> statement-breakpoint
DROP INDEX "listings_seller_idx";--> statement-breakpoint
CREATE INDEX "listings_pinned_idx" ON "listings" USING btree ("pinned_at" DESC NULLS FIRST) WHERE "listings"."is_active" and "listings"."pinned_at" is not null;--> statement-breakpoint
CREATE INDEX "listings_active_created_idx" ON "listings" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."is_active";--> statement-breakpoint
CREATE INDEX "listings_state_category_created_idx" ON "listings" USING btree ("state","category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."is_active";--> statement-breakpoint
CREATE INDEX "listings_postcode_created_idx" ON "listings" USING btree ("postcode","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."is_active";--> statement-breakpoint
CREATE INDEX "listings_category_created_idx" ON "listings" USING btree ("category","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."is_active";--> statement-breakpoint
CREATE INDEX "listings_seller_idx" ON "listings" USING btree ("seller_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);