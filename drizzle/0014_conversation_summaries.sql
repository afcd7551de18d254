ALTER TABLE "conversations" ADD COLUMN "last_message_body" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_message_sender_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "buyer_unread_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "seller_unread_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Conversations from before: their newest message and each side's unread messages, counted once.
UPDATE "conversations" c SET "last_message_body" = m."body", "last_message_sender_id" = m."sender_id" FROM "messages" m WHERE m."id" = c."last_message_id";--> statement-breakpoint
UPDATE "conversations" c SET
  "buyer_unread_count" = (SELECT count(*) FROM "messages" m WHERE m."conversation_id" = c."id" AND m."id" > c."buyer_read_up_to" AND m."sender_id" <> c."buyer_id"),
  "seller_unread_count" = (SELECT count(*) FROM "messages" m WHERE m."conversation_id" = c."id" AND m."id" > c."seller_read_up_to" AND m."sender_id" <> c."seller_id")
WHERE c."last_message_id" > least(c."buyer_read_up_to", c."seller_read_up_to");
--> statement-breakpoint
-- The inbox pages by (last activity, id), and its cursor carries the time to the millisecond.
UPDATE "conversations" SET "last_message_at" = date_trunc('milliseconds', "last_message_at") WHERE "last_message_at" <> date_trunc('milliseconds', "last_message_at");
