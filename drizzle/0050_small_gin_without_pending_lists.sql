-- The catalogue's words (search_words, read by every misspelt search) and the saved searches' words
-- (read for each new listing) are small tables written now and then. Their GIN indexes kept new entries
-- in a pending list, merged only past 4 MB or by a vacuum, and a table that is only inserted into is
-- rarely vacuumed: at 1,000,000 listings the catalogue's 4,244 words all sat in the pending list, so
-- each probe read all 78 pages of it entry by entry (2 ms to ask whether a word is known, 6.5 ms to
-- find its look-alikes; a misspelt search of four words took 34 ms, 0.3 ms with the list merged).
-- Rebuilt without a pending list, each new entry goes straight into the index.
DROP INDEX "saved_searches_instant_words_idx";--> statement-breakpoint
DROP INDEX "search_words_trgm_idx";--> statement-breakpoint
CREATE INDEX "saved_searches_instant_words_idx" ON "saved_searches" USING gin ("word_lexemes") WITH (fastupdate=false) WHERE "saved_searches"."mail_enabled" and "saved_searches"."frequency" = 'instant';--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);