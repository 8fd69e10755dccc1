ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'sale' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "valid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agenda_bookings" ADD COLUMN "deposit_order_id" uuid;--> statement-breakpoint
ALTER TABLE "agenda_bookings" ADD COLUMN "cancel_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "agenda_services" ADD COLUMN "deposit_cents" integer;--> statement-breakpoint
ALTER TABLE "agenda_services" ADD COLUMN "deposit_percent" integer;--> statement-breakpoint
ALTER TABLE "agenda_services" ADD COLUMN "hold_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "agenda_bookings" ADD CONSTRAINT "agenda_bookings_deposit_order_id_orders_id_fk" FOREIGN KEY ("deposit_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agenda_bookings_held_idx" ON "agenda_bookings" USING btree ("hold_expires_at") WHERE status = 'held';--> statement-breakpoint
CREATE INDEX "agenda_bookings_deposit_idx" ON "agenda_bookings" USING btree ("deposit_order_id");--> statement-breakpoint
ALTER TABLE "agenda_services" ADD CONSTRAINT "agenda_services_deposit" CHECK (("agenda_services"."deposit_cents" is null or "agenda_services"."deposit_percent" is null) and "agenda_services"."hold_minutes" between 5 and 1440);