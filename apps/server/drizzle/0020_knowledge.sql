CREATE TABLE "knowledge_faqs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"conversation_id" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_faqs" ADD CONSTRAINT "knowledge_faqs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_faqs_user_idx" ON "knowledge_faqs" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "knowledge_faqs_search_idx" ON "knowledge_faqs" USING gin (to_tsvector('vendai_pt'::regconfig, "search_text"));