ALTER TABLE "numbers" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "numbers" ADD COLUMN "connection_problem" text;--> statement-breakpoint
UPDATE "numbers" SET "phone_verified_at" = "connected_at" WHERE "connected_at" IS NOT NULL;
