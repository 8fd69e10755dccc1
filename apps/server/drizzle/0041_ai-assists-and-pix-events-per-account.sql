CREATE TABLE "ai_assist_usage_monthly" (
	"user_id" text NOT NULL,
	"month" date NOT NULL,
	"price_list" integer DEFAULT 0 NOT NULL,
	"training_questions" integer DEFAULT 0 NOT NULL,
	"media_requests" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_assist_usage_monthly_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
ALTER TABLE "pix_events" DROP CONSTRAINT "pix_events_provider_event_id_pk";--> statement-breakpoint
ALTER TABLE "pix_events" ADD CONSTRAINT "pix_events_user_id_provider_event_id_pk" PRIMARY KEY("user_id","provider","event_id");--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "max_ai_assists" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_assist_usage_monthly" ADD CONSTRAINT "ai_assist_usage_monthly_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;