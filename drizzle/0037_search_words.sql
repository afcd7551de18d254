-- The words of the listings, for reading a misspelt search as the nearest real word (decision 42).
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- Titles are no longer searched letter by letter: the words above stand in for their trigram index.
DROP INDEX "listings_title_trgm_idx";--> statement-breakpoint
-- New listings' words, once per statement (a bulk insert adds each word once).
CREATE FUNCTION add_search_words_of_new_listings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT word FROM added_listings, unnest(tsvector_to_array(added_listings.search_vector)) AS words(word)
    ORDER BY word -- in one order in every transaction, so two that add the same new words never wait on each other in a circle
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER listings_add_search_words_on_insert AFTER INSERT ON listings
  REFERENCING NEW TABLE AS added_listings FOR EACH STATEMENT EXECUTE FUNCTION add_search_words_of_new_listings();--> statement-breakpoint
-- An edited title or description: its words (only when the words changed; other updates never run it).
CREATE FUNCTION add_search_words_of_edited_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT word FROM unnest(tsvector_to_array(NEW.search_vector)) AS words(word) ORDER BY word ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER listings_add_search_words_on_edit AFTER UPDATE OF title, description ON listings
  FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector) EXECUTE FUNCTION add_search_words_of_edited_listing();--> statement-breakpoint
-- The words listed so far, once the triggers catch every new one (a listing saved meanwhile is in one or the other).
INSERT INTO "search_words" ("word") SELECT "word" FROM ts_stat('SELECT search_vector FROM listings WHERE search_vector IS NOT NULL') ON CONFLICT DO NOTHING;
