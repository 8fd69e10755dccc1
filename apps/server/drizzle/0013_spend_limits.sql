CREATE TABLE "overage_periods" (
	"user_id" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"ceiling_alerted_at" timestamp with time zone,
	CONSTRAINT "overage_periods_user_id_period_start_pk" PRIMARY KEY("user_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "spend_limits" (
	"user_id" text PRIMARY KEY NOT NULL,
	"overage_ceiling_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_usage_monthly" (
	"user_id" text NOT NULL,
	"month" date NOT NULL,
	"playground" integer DEFAULT 0 NOT NULL,
	"coach" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "test_usage_monthly_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "max_test_messages" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "overage_periods" ADD CONSTRAINT "overage_periods_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spend_limits" ADD CONSTRAINT "spend_limits_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_usage_monthly" ADD CONSTRAINT "test_usage_monthly_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;