CREATE TABLE "google_calendar_busy" (
	"professional_id" uuid NOT NULL,
	"google_event_id" text NOT NULL,
	"block_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "google_calendar_busy_professional_id_google_event_id_pk" PRIMARY KEY("professional_id","google_event_id")
);
--> statement-breakpoint
CREATE TABLE "google_calendar_links" (
	"professional_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"calendar_id" text NOT NULL,
	"refresh_token_sealed" text NOT NULL,
	"sync_token" text,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "google_calendar_busy" ADD CONSTRAINT "google_calendar_busy_professional_id_google_calendar_links_professional_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."google_calendar_links"("professional_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_calendar_busy" ADD CONSTRAINT "google_calendar_busy_block_id_agenda_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."agenda_blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_calendar_links" ADD CONSTRAINT "google_calendar_links_professional_id_agenda_professionals_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."agenda_professionals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_calendar_links" ADD CONSTRAINT "google_calendar_links_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "google_calendar_links_user_idx" ON "google_calendar_links" USING btree ("user_id");