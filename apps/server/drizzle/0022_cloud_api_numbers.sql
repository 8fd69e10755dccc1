ALTER TABLE "numbers" ADD COLUMN "cloud_phone_number_id" text;--> statement-breakpoint
ALTER TABLE "numbers" ADD COLUMN "cloud_waba_id" text;--> statement-breakpoint
ALTER TABLE "numbers" ADD COLUMN "cloud_token_sealed" text;--> statement-breakpoint
CREATE UNIQUE INDEX "numbers_cloud_phone_number_id_unique" ON "numbers" USING btree ("cloud_phone_number_id");