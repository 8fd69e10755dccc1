import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * The business's FAQ (docs/decisions/025-catalogue-and-price-guard.md, section Conhecimento): a
 * customer's question and the owner's answer. `status` 'active' entries are facts the AI reads;
 * 'proposed' ones were suggested from a conversation the owner answered and wait for the owner.
 * `search_text` (question and answer, kept by the repository) is what the Portuguese full-text search
 * (`vendai_pt`, see the catalogue migration) and the trigram match read.
 */
export const knowledgeFaqs = pgTable(
  'knowledge_faqs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    status: text('status').$type<'active' | 'proposed'>().notNull().default('active'),
    /** The conversation a proposed entry came from (no foreign key: the entry outlives it). */
    conversationId: uuid('conversation_id'),
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('knowledge_faqs_user_idx').on(t.userId, t.status),
    index('knowledge_faqs_search_idx').using('gin', sql`to_tsvector('vendai_pt'::regconfig, ${t.searchText})`),
  ],
);
