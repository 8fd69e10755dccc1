import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agentes } from './app.ts';
import { user } from './auth.ts';

/** One option/variant of a catalogue item ('Tamanho G', 'Sessão dupla'); null price = the item's price. */
export interface StoredCatalogueOption {
  name: string;
  priceCents: number | null;
}

/**
 * The business's products and services (docs/decisions/025-catalogue-and-price-guard.md): what the AI
 * quotes from and what the price guard checks every amount against. Prices are integer centavos;
 * `price_cents` null = 'sob consulta'. `search_text` (name, description, tags and option names, kept by
 * the repository) is what the Portuguese full-text search (`vendai_pt`: unaccent + portuguese stemmer,
 * created by the migration) and the typo-forgiving trigram match read.
 */
export const catalogueItems = pgTable(
  'catalogue_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'produto' | 'servico'>().notNull().default('produto'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents'),
    unit: text('unit').notNull().default(''),
    availability: text('availability')
      .$type<'em_estoque' | 'esgotado' | 'sob_encomenda'>()
      .notNull()
      .default('em_estoque'),
    options: jsonb('options').$type<StoredCatalogueOption[]>().notNull().default([]),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    photoKey: text('photo_key'),
    /** The owner lets the AI offer a discount on this item (otherwise a discount in a reply is blocked). */
    allowsDiscount: boolean('allows_discount').notNull().default(false),
    searchText: text('search_text').notNull().default(''),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('catalogue_items_user_idx').on(t.userId, t.archivedAt),
    index('catalogue_items_search_idx').using('gin', sql`to_tsvector('vendai_pt'::regconfig, ${t.searchText})`),
  ],
);

/**
 * The price guard's per-agent rules: the text the customer gets when the AI's answer quoted an amount
 * that is not among the business's facts twice, and whether the agent may offer discounts. No row =
 * the defaults (PRICE_FALLBACK_DEFAULT in @vendai/contracts, no discounts).
 */
export const priceGuardSettings = pgTable('price_guard_settings', {
  agentId: uuid('agent_id')
    .primaryKey()
    .references(() => agentes.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  fallbackText: text('fallback_text'),
  allowsDiscounts: boolean('allows_discounts').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
