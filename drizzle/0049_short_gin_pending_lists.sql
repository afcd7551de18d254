-- A GIN index keeps new entries in a pending list until it is merged into the index, and every search
-- of the index reads the whole list, entry by entry. The list is merged when it passes
-- gin_pending_list_limit (4 MB by default) or when the table is vacuumed, and at 1,000,000 listings
-- autovacuum comes for listings only after about 200,000 changed rows: a day's new and edited
-- listings would sit in pending lists that every search reads. Measured at 1,000,000 listings: a
-- state's window of three days took 0.11 ms with the list empty and 1.0 ms with 93 pending pages
-- (1,500 new listings); under mixed traffic the lists grew by 0.65 pages a second. At 64 kB (8 pages)
-- a search reads at most 8 pending pages, and a new listing's request merges the list now and then.
ALTER INDEX "listings_search_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "listings_pinned_search_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "listings_words_by_day_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "listings_words_by_postcode_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "listings_words_by_state_day_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "listings_words_by_state_idx" SET (gin_pending_list_limit = 64);
