-- btree_gist lets one GiST index mix equality (the professional) with range overlap (docs/decisions/069-agenda.md):
-- it ships with PGlite (loaded in db/client.ts) and PostgreSQL's contrib.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "agenda_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"professional_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agenda_blocks_order" CHECK ("agenda_blocks"."starts_at" < "agenda_blocks"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "agenda_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"professional_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"busy_from" timestamp with time zone NOT NULL,
	"busy_until" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"conversation_id" uuid,
	"customer_name" text DEFAULT '' NOT NULL,
	"customer_phone" text,
	"price_cents" integer,
	"notes" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agenda_bookings_times" CHECK ("agenda_bookings"."busy_from" <= "agenda_bookings"."starts_at" and "agenda_bookings"."starts_at" < "agenda_bookings"."ends_at" and "agenda_bookings"."ends_at" <= "agenda_bookings"."busy_until")
);
--> statement-breakpoint
CREATE TABLE "agenda_professionals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'person' NOT NULL,
	"week" jsonb,
	"breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"days_off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agenda_service_professionals" (
	"service_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "agenda_service_professionals_service_id_professional_id_pk" PRIMARY KEY("service_id","professional_id")
);
--> statement-breakpoint
CREATE TABLE "agenda_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price_cents" integer,
	"catalogue_item_id" uuid,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"min_notice_minutes" integer DEFAULT 120 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agenda_services_duration" CHECK ("agenda_services"."duration_minutes" between 5 and 1440),
	CONSTRAINT "agenda_services_buffers" CHECK ("agenda_services"."buffer_before_minutes" between 0 and 240 and "agenda_services"."buffer_after_minutes" between 0 and 240)
);
--> statement-breakpoint
CREATE TABLE "agenda_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"horizon_days" integer DEFAULT 60 NOT NULL,
	"slot_step_minutes" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agenda_blocks" ADD CONSTRAINT "agenda_blocks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_blocks" ADD CONSTRAINT "agenda_blocks_professional_id_agenda_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."agenda_professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_bookings" ADD CONSTRAINT "agenda_bookings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_bookings" ADD CONSTRAINT "agenda_bookings_professional_id_agenda_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."agenda_professionals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_bookings" ADD CONSTRAINT "agenda_bookings_service_id_agenda_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."agenda_services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_bookings" ADD CONSTRAINT "agenda_bookings_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_professionals" ADD CONSTRAINT "agenda_professionals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_service_professionals" ADD CONSTRAINT "agenda_service_professionals_service_id_agenda_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."agenda_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_service_professionals" ADD CONSTRAINT "agenda_service_professionals_professional_id_agenda_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."agenda_professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_service_professionals" ADD CONSTRAINT "agenda_service_professionals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_services" ADD CONSTRAINT "agenda_services_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_services" ADD CONSTRAINT "agenda_services_catalogue_item_id_catalogue_items_id_fk" FOREIGN KEY ("catalogue_item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_settings" ADD CONSTRAINT "agenda_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agenda_blocks_user_time_idx" ON "agenda_blocks" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "agenda_bookings_user_time_idx" ON "agenda_bookings" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "agenda_bookings_conv_idx" ON "agenda_bookings" USING btree ("conversation_id","starts_at");--> statement-breakpoint
CREATE INDEX "agenda_professionals_user_idx" ON "agenda_professionals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "agenda_services_user_idx" ON "agenda_services" USING btree ("user_id");--> statement-breakpoint
-- No double booking, in any process: two active bookings of one professional never overlap, buffers included.
ALTER TABLE "agenda_bookings" ADD CONSTRAINT "agenda_bookings_no_overlap" EXCLUDE USING gist ("professional_id" WITH =, tstzrange("busy_from", "busy_until", '[)') WITH &&) WHERE ("status" IN ('held', 'booked', 'confirmed', 'attended'));
