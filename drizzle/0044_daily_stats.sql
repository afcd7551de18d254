CREATE TABLE "daily_stats" (
	"day" date PRIMARY KEY NOT NULL,
	"members_new" integer NOT NULL,
	"members_starter" integer NOT NULL,
	"members_explorer" integer NOT NULL,
	"members_connector" integer NOT NULL,
	"members_lifetime" integer NOT NULL,
	"listings_new" integer NOT NULL,
	"listings_active" integer NOT NULL,
	"messages" integer NOT NULL,
	"reports_opened" integer NOT NULL,
	"reports_closed" integer NOT NULL,
	"report_median_minutes" integer,
	"trials_started" integer NOT NULL,
	"trials_converted" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
