-- Portuguese full-text search that ignores accents (unaccent) and typo-forgiving name matches
-- (pg_trgm): both ship with PGlite (loaded in db/client.ts) and PostgreSQL's contrib. `vendai_pt` is
-- the text search configuration every search of the business's facts uses (catalogue, knowledge).
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION public.vendai_pt (COPY = pg_catalog.portuguese);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.vendai_pt ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, portuguese_stem;--> statement-breakpoint
CREATE FUNCTION public.vendai_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
CREATE TABLE "catalogue_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text DEFAULT 'produto' NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer,
	"unit" text DEFAULT '' NOT NULL,
	"availability" text DEFAULT 'em_estoque' NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"photo_key" text,
	"allows_discount" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_guard_settings" (
	"agent_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"fallback_text" text,
	"allows_discounts" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD CONSTRAINT "catalogue_items_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_guard_settings" ADD CONSTRAINT "price_guard_settings_agent_id_agentes_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agentes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_guard_settings" ADD CONSTRAINT "price_guard_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_items_user_idx" ON "catalogue_items" USING btree ("user_id","archived_at");--> statement-breakpoint
CREATE INDEX "catalogue_items_search_idx" ON "catalogue_items" USING gin (to_tsvector('vendai_pt'::regconfig, "search_text"));