ALTER TABLE "campaign_recipients" ALTER COLUMN "conv_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "blocks_since" timestamp with time zone;