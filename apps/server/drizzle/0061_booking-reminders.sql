CREATE TABLE "booking_reminder_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"hours" jsonb NOT NULL,
	"template_name" text,
	"template_language" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"booking_id" uuid NOT NULL,
	"conversation_id" uuid,
	"offset_hours" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'sending' NOT NULL,
	"reason" text,
	"message_id" uuid,
	"claim_token" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"answer" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_reminders_once" UNIQUE("booking_id","offset_hours","starts_at"),
	CONSTRAINT "booking_reminders_offset" CHECK ("booking_reminders"."offset_hours" between 1 and 168)
);
--> statement-breakpoint
ALTER TABLE "booking_reminder_settings" ADD CONSTRAINT "booking_reminder_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_booking_id_agenda_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."agenda_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_reminders_conv_idx" ON "booking_reminders" USING btree ("conversation_id","state");--> statement-breakpoint
CREATE INDEX "booking_reminders_lapsed_idx" ON "booking_reminders" USING btree ("claimed_at") WHERE "booking_reminders"."state" = 'sending';