-- Inbox search (docs/decisions/040-inbox-search.md). Hand-written: drizzle cannot express these, and the
-- tsvector column is left out of the Drizzle schema on purpose, so `select * from messages` never carries it.
-- Words of a message (its text, or a document's file name, its dots, dashes and underscores read as spaces): Portuguese stems without accents (vendai_pt,
-- migration 0014). Stored, so a scan in date order can test it cheaply for a common word.
ALTER TABLE "messages" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('public.vendai_pt'::regconfig, coalesce("content", '') || ' ' || coalesce(translate("media_filename", '._-', '   '), ''))) STORED;--> statement-breakpoint
CREATE INDEX "messages_search_idx" ON "messages" USING gin ("search_vector");--> statement-breakpoint
-- Transcripts, image descriptions and documents' text (message_insights, decision 016).
CREATE INDEX "message_insights_search_idx" ON "message_insights" USING gin (to_tsvector('public.vendai_pt'::regconfig, coalesce("text", '')));--> statement-breakpoint
-- Customer name and phone, lower case and without accents, for substring matches by trigrams.
CREATE INDEX "conversations_contact_search_idx" ON "conversations" USING gin ((public.vendai_unaccent(lower(coalesce("contact_name", '') || ' ' || coalesce("contact_phone", '')))) gin_trgm_ops);
