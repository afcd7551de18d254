CREATE TABLE "pickups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"proposed_by" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"place" varchar(200) NOT NULL,
	"status" varchar(10) DEFAULT 'proposed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "pickups_status" CHECK ("pickups"."status" in ('proposed', 'confirmed', 'replaced'))
);
--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pickups_one_current_idx" ON "pickups" USING btree ("conversation_id") WHERE "pickups"."status" in ('proposed', 'confirmed');--> statement-breakpoint
CREATE INDEX "pickups_conversation_idx" ON "pickups" USING btree ("conversation_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pickups_due_idx" ON "pickups" USING btree ("at") WHERE "pickups"."status" = 'confirmed' and "pickups"."reminded_at" is null;