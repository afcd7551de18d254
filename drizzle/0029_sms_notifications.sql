ALTER TABLE "users" ADD COLUMN "sms_phone" varchar(20);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_day" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_sent_on_day" integer DEFAULT 0 NOT NULL;