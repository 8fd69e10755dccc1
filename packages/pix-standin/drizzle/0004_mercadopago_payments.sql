ALTER TABLE "pix_standin_payments" ADD COLUMN "api" text DEFAULT 'asaas' NOT NULL;--> statement-breakpoint
ALTER TABLE "pix_standin_payments" ADD COLUMN "status_detail" text;--> statement-breakpoint
ALTER TABLE "pix_standin_payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "pix_standin_payments" ADD COLUMN "notification_url" text;--> statement-breakpoint
ALTER TABLE "pix_standin_payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "pix_standin_payments_idempotency_idx" ON "pix_standin_payments" USING btree ("account","idempotency_key");