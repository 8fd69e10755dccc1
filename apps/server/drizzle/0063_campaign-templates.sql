CREATE TABLE "campaign_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"number_id" uuid NOT NULL,
	"waba_id" text NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"body" text NOT NULL,
	"variables" jsonb NOT NULL,
	"footer" text,
	"stop_button" boolean DEFAULT false NOT NULL,
	"meta_id" text,
	"status" text NOT NULL,
	"category" text NOT NULL,
	"previous_category" text,
	"reason" text,
	"reason_detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_templates" ADD CONSTRAINT "campaign_templates_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_templates" ADD CONSTRAINT "campaign_templates_number_id_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_templates_name_unique" ON "campaign_templates" USING btree ("number_id","name","language");--> statement-breakpoint
CREATE INDEX "campaign_templates_meta_idx" ON "campaign_templates" USING btree ("waba_id","meta_id");