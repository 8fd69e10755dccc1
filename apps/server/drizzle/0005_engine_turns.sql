CREATE TABLE "engine_failures_monthly" (
	"user_id" text NOT NULL,
	"month" date NOT NULL,
	"ai_gave_up" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "engine_failures_monthly_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "contact_reaction" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "owner_reaction" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "failed_burst_id" uuid;--> statement-breakpoint
ALTER TABLE "engine_failures_monthly" ADD CONSTRAINT "engine_failures_monthly_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;