CREATE TABLE "reply_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"conv_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"parts" jsonb NOT NULL,
	"customer_text" text,
	"customer_at" timestamp with time zone,
	"due_at" timestamp with time zone NOT NULL,
	"timeout_action" text NOT NULL,
	"alert_id" uuid,
	"burst_id" uuid,
	"edited" boolean DEFAULT false NOT NULL,
	"decided_by" text,
	"decided_message_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agentes" ADD COLUMN "approval_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agentes" ADD COLUMN "approval_timeout_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "agentes" ADD COLUMN "approval_timeout_action" text DEFAULT 'discard' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "approval_mode" boolean;--> statement-breakpoint
ALTER TABLE "owner_alerts" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "reply_drafts" ADD CONSTRAINT "reply_drafts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_drafts" ADD CONSTRAINT "reply_drafts_conv_id_conversations_id_fk" FOREIGN KEY ("conv_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reply_drafts_pending_unique" ON "reply_drafts" USING btree ("conv_id") WHERE state = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "reply_drafts_decided_message_unique" ON "reply_drafts" USING btree ("decided_message_id");--> statement-breakpoint
CREATE INDEX "reply_drafts_user_created_idx" ON "reply_drafts" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reply_drafts_pending_due_idx" ON "reply_drafts" USING btree ("due_at") WHERE state = 'pending';