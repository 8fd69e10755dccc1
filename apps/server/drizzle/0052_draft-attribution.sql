ALTER TABLE "messages" ADD COLUMN "edited_by_user_id" text;--> statement-breakpoint
ALTER TABLE "reply_drafts" ADD COLUMN "edited_by_user_id" text;--> statement-breakpoint
ALTER TABLE "reply_drafts" ADD COLUMN "sent_by_user_id" text;