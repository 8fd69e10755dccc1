import { sql } from 'drizzle-orm';
import { index, integer, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    /** Filled when an embeddings model is configured (AI_EMBEDDINGS_MODEL), with the model that made it. */
    embedding: real('embedding').array(),
    embeddingModel: text('embedding_model'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('knowledge_faqs_user_idx').on(t.userId, t.status),
    index('knowledge_faqs_search_idx').using('gin', sql`to_tsvector('vendai_pt'::regconfig, ${t.searchText})`),
  ],
);

/**
 * A document the owner gave the AI (a PDF's text, pasted text, a page's text pasted with its title):
 * kept as its passages, not as a file. `kind` says where the text came from; `chars` its length.
 */
export const knowledgeDocuments = pgTable(
  'knowledge_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind').$type<'pdf' | 'text' | 'page'>().notNull(),
    chars: integer('chars').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('knowledge_documents_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A passage of a document (about 500–800 characters cut at paragraph or sentence boundaries), the unit
 * the AI is given. `search_text` (the document's title and the passage, kept by the repository) is read
 * by the same Portuguese full-text search and trigram match as the FAQ. `embedding` (with the model that
 * made it) is filled only when an embeddings model is configured.
 */
export const knowledgePassages = pgTable(
  'knowledge_passages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => knowledgeDocuments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    searchText: text('search_text').notNull().default(''),
    embedding: real('embedding').array(),
    embeddingModel: text('embedding_model'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('knowledge_passages_document_idx').on(t.documentId, t.position),
    index('knowledge_passages_user_idx').on(t.userId),
    index('knowledge_passages_search_idx').using('gin', sql`to_tsvector('vendai_pt'::regconfig, ${t.searchText})`),
  ],
);
