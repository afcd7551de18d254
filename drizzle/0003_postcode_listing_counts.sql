CREATE TABLE "postcode_listing_counts" (
	"postcode" varchar(4) PRIMARY KEY NOT NULL,
	"state" varchar(3) NOT NULL,
	"suburb" varchar(100),
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"active_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
