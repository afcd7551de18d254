ALTER TABLE "dev_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "mailed_until" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "last_mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "mail_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "word_lexemes" text[] GENERATED ALWAYS AS (tsvector_to_array(to_tsvector('english'::regconfig, coalesce(query ->> 'search', '')))) STORED;--> statement-breakpoint
CREATE INDEX "saved_searches_words_idx" ON "saved_searches" USING gin ("word_lexemes") WHERE "saved_searches"."mail_enabled";--> statement-breakpoint
CREATE INDEX "saved_searches_category_idx" ON "saved_searches" USING btree (("query" ->> 'category')) WHERE "saved_searches"."mail_enabled" and cardinality("saved_searches"."word_lexemes") = 0;