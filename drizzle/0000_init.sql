CREATE TABLE "app_meta" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banned_words" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"word" varchar(100) NOT NULL,
	"added_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" varchar(254) NOT NULL,
	"channel" varchar(10) NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "homepage_video" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"filename" varchar(255) NOT NULL,
	"display_name" varchar(200) NOT NULL,
	"file_size" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(100) NOT NULL,
	"description" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"category" varchar(20) NOT NULL,
	"location" varchar(120) NOT NULL,
	"image_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"seller_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"postcode" varchar(4),
	"suburb" varchar(100),
	"state" varchar(3),
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_price_positive" CHECK ("listings"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar(64) PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(254) NOT NULL,
	"password" text,
	"auth_method" varchar(20) DEFAULT 'email' NOT NULL,
	"google_id" varchar(255),
	"first_name" varchar(50),
	"last_name" varchar(50),
	"profile_image_url" text,
	"stripe_customer_id" varchar(255),
	"stripe_subscription_id" varchar(255),
	"membership_tier" varchar(20) DEFAULT 'explorer' NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_email_verified" boolean DEFAULT false NOT NULL,
	"is_phone_verified" boolean DEFAULT false NOT NULL,
	"is_card_verified" boolean DEFAULT false NOT NULL,
	"phone" varchar(20),
	"postcode" varchar(4),
	"state" varchar(3),
	"suburb" varchar(100),
	"postcode_last_changed" timestamp with time zone,
	"location" text,
	"trial_end_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_membership_tier_check" CHECK ("users"."membership_tier" in ('starter', 'explorer', 'connector', 'lifetime'))
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code" varchar(128) NOT NULL,
	"type" varchar(30) NOT NULL,
	"target" varchar(254),
	"expires_at" timestamp with time zone NOT NULL,
	"is_used" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banned_words" ADD CONSTRAINT "banned_words_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homepage_video" ADD CONSTRAINT "homepage_video_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "banned_words_word_unique" ON "banned_words" USING btree (lower("word"));--> statement-breakpoint
CREATE INDEX "dev_outbox_created_idx" ON "dev_outbox" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "homepage_video_one_active" ON "homepage_video" USING btree ("is_active") WHERE "homepage_video"."is_active";--> statement-breakpoint
CREATE INDEX "listings_active_created_idx" ON "listings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "listings"."is_active";--> statement-breakpoint
CREATE INDEX "listings_state_category_created_idx" ON "listings" USING btree ("state","category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "listings"."is_active";--> statement-breakpoint
CREATE INDEX "listings_postcode_created_idx" ON "listings" USING btree ("postcode","created_at" DESC NULLS LAST) WHERE "listings"."is_active";--> statement-breakpoint
CREATE INDEX "listings_category_created_idx" ON "listings" USING btree ("category","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "listings"."is_active";--> statement-breakpoint
CREATE INDEX "listings_price_idx" ON "listings" USING btree ("price","id") WHERE "listings"."is_active";--> statement-breakpoint
CREATE INDEX "listings_seller_idx" ON "listings" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_id_unique" ON "users" USING btree ("google_id");--> statement-breakpoint
CREATE INDEX "verification_codes_user_type_idx" ON "verification_codes" USING btree ("user_id","type","created_at" DESC NULLS LAST);