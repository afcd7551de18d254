-- A search's newest matches in one state (an Explorer's area, or a state asked for; decision 40):
-- each lexeme of an active listing under its state and the day (UTC) of its rank, "guitar VIC20785",
-- beside a marker of both, " VIC20785". The state's windows read only the state's matches: with
-- listing_words_by_day a window read every match in the country and kept the state's (a fifth of
-- them for Victoria, one in fifty for Tasmania). Words too long to carry the key are left out, as in
-- migration 0038.
CREATE FUNCTION listing_words_by_state_day(vector tsvector, state text, ranked timestamptz) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL RESTRICTED COST 100 AS $$
  SELECT (coalesce((SELECT string_agg('''' || replace(replace(lexeme || ' ' || place, '\', '\\'), '''', '''''') || ''''
                                      || coalesce(':' || array_to_string(positions, ','), ''), ' ')
                      FROM unnest(vector)
                     WHERE octet_length(lexeme) + 1 + octet_length(place) <= 2046), '')
          || ' '' ' || place || '''')::tsvector
  FROM (SELECT coalesce(state, '') || floor(extract(epoch FROM ranked) / 86400)::int::text AS place) AS listing_place
$$;--> statement-breakpoint
CREATE INDEX "listings_words_by_state_day_idx" ON "listings" USING gin (listing_words_by_state_day("search_vector", "state", "ranked_at")) WHERE "listings"."is_active";--> statement-breakpoint
-- The planner's estimate of how many listings a state's window matches (as for the other keyed indexes).
CREATE STATISTICS "listings_words_by_state_day_stats" ON (listing_words_by_state_day("search_vector", "state", "ranked_at")) FROM "listings";
