CREATE TABLE "saved_search_pending" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"listed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
DROP TABLE "saved_search_matching" CASCADE;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "word_query" "tsquery" GENERATED ALWAYS AS (websearch_to_tsquery('english'::regconfig, coalesce(query ->> 'search', ''))) STORED;--> statement-breakpoint
ALTER TABLE "saved_search_pending" ADD CONSTRAINT "saved_search_pending_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_pending_listed_idx" ON "saved_search_pending" USING btree ("listed_at");