CREATE TABLE "pix_standin_customers" (
	"id" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"name" text NOT NULL,
	"mobile_phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pix_standin_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"customer" text NOT NULL,
	"value_cents" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"external_reference" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"due_date" text NOT NULL,
	"pix_payload" text NOT NULL,
	"payment_date" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pix_standin_webhooks" (
	"account" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"auth_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pix_standin_payments_ref_idx" ON "pix_standin_payments" USING btree ("account","external_reference");--> statement-breakpoint
CREATE INDEX "pix_standin_payments_payload_idx" ON "pix_standin_payments" USING btree ("pix_payload");