ALTER TABLE "messages" ADD COLUMN "acked_at" timestamp with time zone;--> statement-breakpoint
-- Sends of the last two days count as confirmed: before this column nobody recorded the receipt, and
-- the unconfirmed-sends sweep looks back one day (older rows are never read by it).
UPDATE "messages" SET "acked_at" = "created_at" WHERE "direction" = 'out' AND "created_at" > now() - interval '2 days';--> statement-breakpoint
CREATE INDEX "messages_unacked_idx" ON "messages" USING btree ("created_at") WHERE direction = 'out' and status = 'sent' and acked_at is null and external_id is not null;
