CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"conv_id" uuid NOT NULL,
	"source" text NOT NULL,
	"origin_key" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text NOT NULL,
	"total_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"provider" text,
	"provider_charge_id" text,
	"copia_e_cola" text,
	"qr_png" text,
	"expires_at" timestamp with time zone,
	"claim_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"paid_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_origin_key_unique" UNIQUE("origin_key")
);
--> statement-breakpoint
CREATE TABLE "pix_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"api_key_sealed" text NOT NULL,
	"key_hint" text NOT NULL,
	"webhook_id" text NOT NULL,
	"webhook_secret_sealed" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pix_accounts_webhook_id_unique" UNIQUE("webhook_id")
);
--> statement-breakpoint
CREATE TABLE "pix_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"user_id" text NOT NULL,
	"provider_charge_id" text NOT NULL,
	"processed_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pix_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_conv_id_conversations_id_fk" FOREIGN KEY ("conv_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_accounts" ADD CONSTRAINT "pix_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_events" ADD CONSTRAINT "pix_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_conv_idx" ON "orders" USING btree ("conv_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_charge_unique" ON "orders" USING btree ("user_id","provider_charge_id");