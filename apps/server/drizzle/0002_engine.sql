CREATE TABLE "reply_bursts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"conv_id" uuid NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"first_message_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"claim_token" uuid,
	"claimed_at" timestamp with time zone,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_parts" integer DEFAULT 0 NOT NULL,
	"inflight_message_id" uuid,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reply_bursts" ADD CONSTRAINT "reply_bursts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_bursts" ADD CONSTRAINT "reply_bursts_conv_id_conversations_id_fk" FOREIGN KEY ("conv_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reply_bursts_open_unique" ON "reply_bursts" USING btree ("conv_id") WHERE state in ('waiting', 'generating');--> statement-breakpoint
CREATE INDEX "reply_bursts_active_due_idx" ON "reply_bursts" USING btree ("due_at") WHERE state in ('waiting', 'generating', 'sending');