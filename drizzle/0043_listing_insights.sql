CREATE TABLE "listing_views" (
	"listing_id" uuid NOT NULL,
	"day" date NOT NULL,
	"viewer" bigint NOT NULL,
	CONSTRAINT "listing_views_listing_id_day_viewer_pk" PRIMARY KEY("listing_id","day","viewer")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "insights_mail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "insights_mailed_for" date;--> statement-breakpoint
ALTER TABLE "listing_views" ADD CONSTRAINT "listing_views_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_views_day_idx" ON "listing_views" USING btree ("day");