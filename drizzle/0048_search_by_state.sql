-- A search in one state (an Explorer's area, or a state asked for) when it is not read window by window
-- of days (decision 40): words the statistics say are rare, other orders than newest first, and the rest
-- of a page the windows did not fill. Each lexeme of an active listing under its state, "guitar VIC",
-- beside a marker of the state, " VIC". Before, such a search read every match in the country off the
-- listings' own word index and kept the state's: at 1,000,000 listings, "retro high chair" in New South
-- Wales read 611 listings for 120, "stand-up paddleboard" in Tasmania 10,286 for 139 (one listing page
-- each, mostly out of PostgreSQL's buffers: 40 to 230 ms under mixed traffic). Words too long to carry
-- the key are left out, as in migration 0038. No statistics: every statement that reads it is planned
-- once, with its words out of the planner's sight (decision 40).
CREATE FUNCTION listing_words_by_state(vector tsvector, state text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL RESTRICTED COST 100 AS $$
  SELECT (coalesce((SELECT string_agg('''' || replace(replace(lexeme || ' ' || place, '\', '\\'), '''', '''''') || ''''
                                      || coalesce(':' || array_to_string(positions, ','), ''), ' ')
                      FROM unnest(vector)
                     WHERE octet_length(lexeme) + 1 + octet_length(place) <= 2046), '')
          || ' '' ' || place || '''')::tsvector
  FROM (SELECT coalesce(state, '') AS place) AS listing_place
$$;--> statement-breakpoint
CREATE INDEX "listings_words_by_state_idx" ON "listings" USING gin (listing_words_by_state("search_vector", "state")) WHERE "listings"."is_active";
