-- The reference is added NOT VALID: the column was added above and holds only nulls, so there is
-- nothing to check, and no scan of every listing holds the table meanwhile (decision 46).
ALTER TABLE "favourites" ADD COLUMN "reserved_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "reserved_for_conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "reserved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_reserved_for_conversation_id_conversations_id_fk" FOREIGN KEY ("reserved_for_conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action NOT VALID;--> statement-breakpoint
CREATE INDEX "listings_reserved_for_conversation_idx" ON "listings" USING btree ("reserved_for_conversation_id") WHERE "listings"."reserved_for_conversation_id" is not null;