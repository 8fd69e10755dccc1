CREATE TABLE "results_active_hourly" (
	"user_id" text NOT NULL,
	"number_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"conv_id" uuid NOT NULL,
	"has_in" boolean NOT NULL,
	"has_out" boolean NOT NULL,
	"has_owner" boolean NOT NULL,
	"prev_in" timestamp with time zone,
	"prev_out" timestamp with time zone,
	"prev_owner" timestamp with time zone,
	CONSTRAINT "results_active_hourly_user_id_hour_conv_id_pk" PRIMARY KEY("user_id","hour","conv_id")
);
--> statement-breakpoint
CREATE TABLE "results_hourly" (
	"user_id" text NOT NULL,
	"number_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"conversations_started" integer DEFAULT 0 NOT NULL,
	"messages_in" integer DEFAULT 0 NOT NULL,
	"messages_out" integer DEFAULT 0 NOT NULL,
	"ai_messages" integer DEFAULT 0 NOT NULL,
	"owner_messages" integer DEFAULT 0 NOT NULL,
	"ai_answers" integer DEFAULT 0 NOT NULL,
	"handovers_inbox" integer DEFAULT 0 NOT NULL,
	"handovers_phone" integer DEFAULT 0 NOT NULL,
	"opt_outs" integer DEFAULT 0 NOT NULL,
	"failed_sends" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "results_hourly_user_id_hour_number_id_pk" PRIMARY KEY("user_id","hour","number_id")
);
--> statement-breakpoint
CREATE TABLE "results_responses_hourly" (
	"user_id" text NOT NULL,
	"number_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"who" text NOT NULL,
	"bucket" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "results_responses_hourly_user_id_hour_number_id_who_bucket_pk" PRIMARY KEY("user_id","hour","number_id","who","bucket")
);
--> statement-breakpoint
CREATE TABLE "results_rollup_marks" (
	"user_id" text PRIMARY KEY NOT NULL,
	"rolled_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "results_active_hourly" ADD CONSTRAINT "results_active_hourly_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results_active_hourly" ADD CONSTRAINT "results_active_hourly_number_id_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results_hourly" ADD CONSTRAINT "results_hourly_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results_hourly" ADD CONSTRAINT "results_hourly_number_id_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results_responses_hourly" ADD CONSTRAINT "results_responses_hourly_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results_responses_hourly" ADD CONSTRAINT "results_responses_hourly_number_id_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results_rollup_marks" ADD CONSTRAINT "results_rollup_marks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "results_active_hourly_conv_idx" ON "results_active_hourly" USING btree ("conv_id","hour");--> statement-breakpoint
CREATE INDEX "results_active_hourly_period_idx" ON "results_active_hourly" USING btree ("user_id","hour","number_id","has_in","has_out","has_owner","prev_in","prev_out","prev_owner");--> statement-breakpoint
CREATE INDEX "conversations_user_created_idx" ON "conversations" USING btree ("user_id","created_at");