-- A search in a neighbourhood's postcodes or one postcode (browse's area words, decision 41): each
-- lexeme of an active listing under its postcode, "guitar 3065", beside a marker of the postcode,
-- " 3065", as listing_words_by_day does with days. A search asks for its words under the area's
-- few dozen postcodes and reads only the area's matches, not every listing in the country with the
-- words intersected with every listing of the area. A listing without a postcode has none of these
-- keys (a postcode is four digits, and the empty key is never asked for).
CREATE FUNCTION listing_words_by_postcode(vector tsvector, postcode text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL RESTRICTED COST 100 AS $$
  SELECT (coalesce((SELECT string_agg('''' || replace(replace(lexeme || ' ' || place, '\', '\\'), '''', '''''') || ''''
                                      || coalesce(':' || array_to_string(positions, ','), ''), ' ')
                      FROM unnest(vector)), '')
          || ' '' ' || place || '''')::tsvector
  FROM (SELECT coalesce(postcode, '') AS place) AS listing_place
$$;--> statement-breakpoint
CREATE INDEX "listings_words_by_postcode_idx" ON "listings" USING gin (listing_words_by_postcode("search_vector", "postcode")) WHERE "listings"."is_active";--> statement-breakpoint
-- The planner's estimate of how many listings an area's words match (as for the windows' index).
CREATE STATISTICS "listings_words_by_postcode_stats" ON (listing_words_by_postcode("search_vector", "postcode")) FROM "listings";
