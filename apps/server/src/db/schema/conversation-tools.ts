import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { conversations } from './app.ts';
import { user } from './auth.ts';

/**
 * The inbox's tools for the people answering: saved replies, labels and private notes
 * (docs/decisions/040-inbox-search.md, section "Quick replies, labels and notes"). Every row belongs to
 * one account (user_id); nothing here is ever sent to WhatsApp.
 */
const owner = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A saved text the composer expands when the owner types `/shortcut`; `{nome}` becomes the customer's first name. */
export const quickReplies = pgTable(
  'quick_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    /** Lower case letters, digits, '-' and '_', unique per account. */
    shortcut: text('shortcut').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('quick_replies_user_shortcut_unique').on(t.userId, t.shortcut)],
);

/** A label of the account ('VIP', 'Aguardando pagamento'), with one of the palette's colours. */
export const labels = pgTable(
  'labels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('labels_user_name_unique').on(t.userId, t.name)],
);

export const conversationLabels = pgTable(
  'conversation_labels',
  {
    convId: uuid('conv_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    labelId: uuid('label_id')
      .notNull()
      .references(() => labels.id, { onDelete: 'cascade' }),
    userId: owner(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.convId, t.labelId] }), index('conversation_labels_label_idx').on(t.labelId)],
);

/** A private note in a chat: seen by the account's people only, never sent to the customer. */
export const conversationNotes = pgTable(
  'conversation_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    convId: uuid('conv_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** The signed-in person who wrote it (the account itself until the team has members); null once they are gone. */
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('conversation_notes_conv_idx').on(t.convId, t.createdAt)],
);

/**
 * A column of the sales funnel (docs/decisions/043-labels-notes-funnel.md). Every account has the five
 * built-in stages (created on first use, one per kind) and up to FUNNEL_CUSTOM_STAGES_MAX of its own
 * (`kind` 'custom'); `position` orders the board.
 */
export const funnelStages = pgTable(
  'funnel_stages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    /** 'novo' | 'qualificado' | 'orcamento' | 'agendado' (accounts using the agenda) | 'pago' | 'perdido' | 'custom'. */
    kind: text('kind').$type<FunnelStageKind>().notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('funnel_stages_user_name_unique').on(t.userId, t.name),
    uniqueIndex('funnel_stages_user_kind_unique')
      .on(t.userId, t.kind)
      .where(sql`${t.kind} <> 'custom'`),
  ],
);
export type FunnelStageKind = 'novo' | 'qualificado' | 'orcamento' | 'agendado' | 'pago' | 'perdido' | 'custom';

/**
 * Where a conversation stands in the funnel; no row means 'Novo'. `moved_by` says whether a person
 * (drag) or the AI (its signals) put it there: the AI only moves cards forward.
 */
export const conversationStages = pgTable(
  'conversation_stages',
  {
    convId: uuid('conv_id')
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: owner(),
    stageId: uuid('stage_id')
      .notNull()
      .references(() => funnelStages.id, { onDelete: 'cascade' }),
    movedBy: text('moved_by').$type<'ai' | 'person'>().notNull(),
    /** The signed-in person who dragged it; null when the AI moved it. */
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    movedAt: timestamp('moved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversation_stages_stage_idx').on(t.userId, t.stageId)],
);
