CREATE TABLE "template_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"message_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "customer_last_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "numbers" ADD COLUMN "cloud_quality_rating" text;--> statement-breakpoint
ALTER TABLE "numbers" ADD COLUMN "cloud_messaging_limit" text;--> statement-breakpoint
ALTER TABLE "template_messages" ADD CONSTRAINT "template_messages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_messages" ADD CONSTRAINT "template_messages_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "template_messages_user_created_idx" ON "template_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "template_messages_message_unique" ON "template_messages" USING btree ("message_id");--> statement-breakpoint
-- The customer's last message of every existing conversation (the 24-hour window of Cloud API numbers).
UPDATE "conversations" c SET "customer_last_at" = (
  SELECT max(m."created_at") FROM "messages" m WHERE m."conv_id" = c."id" AND m."direction" = 'in'
);
