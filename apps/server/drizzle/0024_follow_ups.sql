CREATE TABLE "follow_up_pauses" (
	"number_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	"paused_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_up_settings" (
	"agent_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"gaps_minutes" jsonb NOT NULL,
	"number_daily_cap" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"conv_id" uuid NOT NULL,
	"number_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"anchor_message_id" uuid,
	"due_at" timestamp with time zone NOT NULL,
	"text" text,
	"cancel_on_reply" boolean DEFAULT true NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"reason" text,
	"claim_token" uuid,
	"claimed_at" timestamp with time zone,
	"message_id" uuid,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "follow_up_pauses" ADD CONSTRAINT "follow_up_pauses_number_id_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_pauses" ADD CONSTRAINT "follow_up_pauses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_settings" ADD CONSTRAINT "follow_up_settings_agent_id_agentes_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agentes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_settings" ADD CONSTRAINT "follow_up_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_conv_id_conversations_id_fk" FOREIGN KEY ("conv_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_number_id_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follow_ups_touch_anchor_unique" ON "follow_ups" USING btree ("conv_id","anchor_message_id") WHERE kind = 'touch';--> statement-breakpoint
CREATE INDEX "follow_ups_open_due_idx" ON "follow_ups" USING btree ("due_at") WHERE state in ('scheduled', 'sending');--> statement-breakpoint
CREATE INDEX "follow_ups_conv_idx" ON "follow_ups" USING btree ("conv_id","created_at");--> statement-breakpoint
CREATE INDEX "follow_ups_user_sent_idx" ON "follow_ups" USING btree ("user_id","sent_at");