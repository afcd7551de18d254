CREATE TABLE "saved_search_matching" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"matched_until" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "saved_search_matching" ("id", "matched_until") VALUES (1, now()) ON CONFLICT DO NOTHING;
