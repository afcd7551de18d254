ALTER TABLE "favourites" ADD COLUMN "lowest_price_told" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "favourites" ADD COLUMN "last_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "favourites" ADD COLUMN "sold_told_at" timestamp with time zone;