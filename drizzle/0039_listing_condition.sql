-- A listing's condition (decision 44): New, Like new, Good, Fair or For parts; null for listings from
-- before and API calls without one ("condition not stated"). The index serves a condition filter over a
-- wide area; it holds only listings with a condition, so it starts empty.
-- condition_counts keeps each postcode's active listings by condition for the map's filter (all zero now).
ALTER TABLE "listings" ADD COLUMN "condition" varchar(10);--> statement-breakpoint
ALTER TABLE "postcode_listing_counts" ADD COLUMN "condition_counts" integer[] DEFAULT '{0,0,0,0,0}' NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_condition_ranked_idx" ON "listings" USING btree ("condition","ranked_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."is_active" and "listings"."condition" is not null;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_condition_check" CHECK ("listings"."condition" in ('new', 'like-new', 'good', 'fair', 'for-parts'));