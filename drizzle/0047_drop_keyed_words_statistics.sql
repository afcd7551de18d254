-- The keyed word indexes' expression statistics go (decision 40). Every statement that reads those
-- indexes is planned once, with its words out of the planner's sight, so no plan could use them; yet
-- PostgreSQL read each one and inlined its SQL function again whenever it planned any statement on
-- listings: 0.3 ms of planning for a lookup by id that otherwise takes 0.05 ms, and 1.3 ms rather
-- than 0.8 ms for a state's search page (measured at 1,000,000 listings).
DROP STATISTICS IF EXISTS "listings_words_by_day_stats";--> statement-breakpoint
DROP STATISTICS IF EXISTS "listings_words_by_postcode_stats";--> statement-breakpoint
DROP STATISTICS IF EXISTS "listings_words_by_state_day_stats";
