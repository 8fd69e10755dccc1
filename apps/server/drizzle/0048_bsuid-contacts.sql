ALTER TABLE "conversations" ADD COLUMN "contact_user_id" text;--> statement-breakpoint
CREATE INDEX "conversations_number_user_id_idx" ON "conversations" USING btree ("number_id","contact_user_id");