CREATE TABLE "cloud_message_meter" (
	"user_id" text NOT NULL,
	"number_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"category" text NOT NULL,
	"billable" boolean NOT NULL,
	"priced_by" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cloud_message_meter_number_id_external_id_pk" PRIMARY KEY("number_id","external_id")
);
--> statement-breakpoint
ALTER TABLE "numbers" ADD COLUMN "one_balloon" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cloud_message_meter" ADD CONSTRAINT "cloud_message_meter_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_message_meter" ADD CONSTRAINT "cloud_message_meter_number_id_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cloud_message_meter_user_sent_idx" ON "cloud_message_meter" USING btree ("user_id","sent_at");