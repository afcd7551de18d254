-- The cheapest or dearest page of a neighbourhood (a Starter's, a visitor's), one postcode at a time
-- (browse-listings.ts walks the area's postcodes as it does newest first): before it, an area's every
-- listing was read and sorted by price.
CREATE INDEX "listings_area_price_idx" ON "listings" USING btree ("postcode","price","id","category") WHERE "listings"."is_active" and "listings"."pinned_at" is null;