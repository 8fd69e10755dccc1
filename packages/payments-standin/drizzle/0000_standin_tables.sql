CREATE TABLE "payments_standin_meter_events" (
	"identifier" text PRIMARY KEY NOT NULL,
	"event_name" text NOT NULL,
	"customer_id" text NOT NULL,
	"value" integer NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments_standin_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
