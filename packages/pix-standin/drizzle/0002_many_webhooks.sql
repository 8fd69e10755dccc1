-- An account may register several webhooks (up to 10, like Asaas): each gets its own id; the one
-- an account had keeps working under an id of its own.
ALTER TABLE "pix_standin_webhooks" DROP CONSTRAINT "pix_standin_webhooks_pkey";--> statement-breakpoint
ALTER TABLE "pix_standin_webhooks" ADD COLUMN "id" text;--> statement-breakpoint
UPDATE "pix_standin_webhooks" SET "id" = 'wh_local_' || substr(md5("account"), 1, 20);--> statement-breakpoint
ALTER TABLE "pix_standin_webhooks" ALTER COLUMN "id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pix_standin_webhooks" ADD PRIMARY KEY ("id");--> statement-breakpoint
ALTER TABLE "pix_standin_webhooks" ADD COLUMN "email" text;--> statement-breakpoint
CREATE INDEX "pix_standin_webhooks_account_idx" ON "pix_standin_webhooks" USING btree ("account");
