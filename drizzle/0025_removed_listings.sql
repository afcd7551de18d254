CREATE TABLE "removed_listings" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every way a listing row goes (its seller deleting it, an account deleted with its listings) leaves its id here.
CREATE FUNCTION "record_removed_listing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "removed_listings" ("listing_id") VALUES (OLD."id") ON CONFLICT DO NOTHING;
	RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "listings_record_removed" AFTER DELETE ON "listings" FOR EACH ROW EXECUTE FUNCTION "record_removed_listing"();
