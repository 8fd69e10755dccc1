CREATE TABLE "prompt_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"system_prompt" text NOT NULL,
	"restored_from" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD CONSTRAINT "prompt_versions_agent_id_agentes_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agentes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD CONSTRAINT "prompt_versions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompt_versions_agent_created_idx" ON "prompt_versions" USING btree ("agent_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Agents trained before versions existed: their current prompt becomes their first version.
INSERT INTO "prompt_versions" ("agent_id", "user_id", "source", "system_prompt", "created_at")
SELECT "id", "user_id", CASE WHEN "trainnings" > 1 THEN 'retraining' ELSE 'training' END, "system_prompt", "updated_at"
FROM "agentes" WHERE "system_prompt" <> '';
