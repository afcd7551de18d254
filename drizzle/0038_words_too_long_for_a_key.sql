-- A word of a listing can be up to 2,046 bytes long; with a day or a postcode put after it, such a
-- word passed PostgreSQL's limit for a lexeme and the listing could not be saved ("word is too long").
-- The keyed indexes leave out words too long to carry their key: nobody searches for a 2,000-letter
-- word, and the listing's own word index still holds it. Same results for every other word, so the
-- indexes need no rebuilding.
CREATE OR REPLACE FUNCTION listing_words_by_day(vector tsvector, ranked timestamptz) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL RESTRICTED COST 100 AS $$
  SELECT (coalesce((SELECT string_agg('''' || replace(replace(lexeme || ' ' || day, '\', '\\'), '''', '''''') || ''''
                                      || coalesce(':' || array_to_string(positions, ','), ''), ' ')
                      FROM unnest(vector)
                     WHERE octet_length(lexeme) + 1 + octet_length(day) <= 2046), '')
          || ' '' ' || day || '''')::tsvector
  FROM (SELECT floor(extract(epoch FROM ranked) / 86400)::int::text AS day) AS ranked_day
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION listing_words_by_postcode(vector tsvector, postcode text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL RESTRICTED COST 100 AS $$
  SELECT (coalesce((SELECT string_agg('''' || replace(replace(lexeme || ' ' || place, '\', '\\'), '''', '''''') || ''''
                                      || coalesce(':' || array_to_string(positions, ','), ''), ' ')
                      FROM unnest(vector)
                     WHERE octet_length(lexeme) + 1 + octet_length(place) <= 2046), '')
          || ' '' ' || place || '''')::tsvector
  FROM (SELECT coalesce(postcode, '') AS place) AS listing_place
$$;
