DROP INDEX "conversations_buyer_recent_idx";--> statement-breakpoint
DROP INDEX "conversations_seller_recent_idx";--> statement-breakpoint
CREATE INDEX "conversations_buyer_inbox_idx" ON "conversations" USING btree ("buyer_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_seller_inbox_idx" ON "conversations" USING btree ("seller_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_sold_to_conversation_idx" ON "listings" USING btree ("sold_to_conversation_id") WHERE "listings"."sold_to_conversation_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id");