CREATE TABLE "media_usage_monthly" (
	"user_id" text NOT NULL,
	"month" date NOT NULL,
	"transcriptions" integer DEFAULT 0 NOT NULL,
	"transcribed_seconds" integer DEFAULT 0 NOT NULL,
	"descriptions" integer DEFAULT 0 NOT NULL,
	"documents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "media_usage_monthly_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
CREATE TABLE "message_insights" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"conv_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"text" text,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_usage_monthly" ADD CONSTRAINT "media_usage_monthly_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_insights" ADD CONSTRAINT "message_insights_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_insights" ADD CONSTRAINT "message_insights_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_insights_conv_idx" ON "message_insights" USING btree ("conv_id");