-- A search's newest matches, a few days at a time (browse's search windows, decision 40): each
-- lexeme of an active listing under the day (UTC) of its rank, "guitar 20785", beside a marker of
-- that day, " 20785". A space never occurs in a lexeme, so neither can be a listing's own word.
-- Positions are kept, so a phrase ("red guitar") is asked of a day as of the listing's own words.
-- Immutable: the day of a timestamp does not depend on the session's time zone.
CREATE FUNCTION listing_words_by_day(vector tsvector, ranked timestamptz) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL RESTRICTED COST 100 AS $$
  SELECT (coalesce((SELECT string_agg('''' || replace(replace(lexeme || ' ' || day, '\', '\\'), '''', '''''') || ''''
                                      || coalesce(':' || array_to_string(positions, ','), ''), ' ')
                      FROM unnest(vector)), '')
          || ' '' ' || day || '''')::tsvector
  FROM (SELECT floor(extract(epoch FROM ranked) / 86400)::int::text AS day) AS ranked_day
$$;--> statement-breakpoint
CREATE INDEX "listings_words_by_day_idx" ON "listings" USING gin (listing_words_by_day("search_vector", "ranked_at")) WHERE "listings"."is_active";--> statement-breakpoint
-- The planner's estimate of how many listings a window matches (without it, every lexeme is taken
-- to match 0.5% of listings, and a window of a few hundred rows is planned as a parallel scan).
-- The default statistics target: a target of 1,000 made every window's planning read 10,000 elements.
CREATE STATISTICS "listings_words_by_day_stats" ON (listing_words_by_day("search_vector", "ranked_at")) FROM "listings";
