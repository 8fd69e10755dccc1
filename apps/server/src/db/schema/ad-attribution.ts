import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { conversations, messages } from './app.ts';
import { user } from './auth.ts';
import { orders } from './pix.ts';

/** What brought a conversation: a Click-to-WhatsApp ad or one of the owner's 'Links de origem' ('Direto' has no row). */
export const SOURCE_KINDS = ['ad', 'link'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/**
 * How much a source can be trusted (docs/decisions/071-ad-attribution.md): 'meta' — the Cloud API's `referral`
 * (Meta's own record of the click, with `ctwa_clid`); 'device' — what a QR number's phone passes on
 * (`contextInfo.externalAdReply`, less reliable: the app may drop or reshape it); 'link' — the code of a
 * 'Link de origem' the customer's first message carried.
 */
export const SOURCE_RELIABILITY = ['meta', 'device', 'link'] as const;

/**
 * One row per message that carried a source (an ad's referral or a link's code): the conversation's first
 * touch is its earliest row, its latest touch the newest. A conversation without rows is 'Direto'.
 * Ordinary messages write nothing here (the ingestion's hot path is untouched).
 *
 * For other features (an audience 'veio de anúncio'):
 *   exists (select 1 from conversation_sources s where s.conversation_id = c.id and s.kind = 'ad')
 */
export const conversationSources = pgTable(
  'conversation_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The message that carried it (the chat's ad card hangs on it). */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: SOURCE_KINDS }).notNull(),
    reliability: text('reliability', { enum: SOURCE_RELIABILITY }).notNull(),
    /**
     * What groups the rows on Resultados: the ad's id (`source_id`) for an ad, else its URL, else its headline;
     * the link's id for a link.
     */
    sourceKey: text('source_key').notNull(),
    /** The ad's headline or the link's name, as shown. */
    headline: text('headline'),
    /** The referral exactly as received (Cloud `referral`, or Evolution's `externalAdReply` and conversion fields). */
    referral: jsonb('referral').$type<Record<string, unknown>>(),
    /** Meta's click id; only when Meta gave one (never invented). */
    ctwaClid: text('ctwa_clid'),
    /** The 'Link de origem' whose code came (kind 'link'). */
    linkId: uuid('link_id').references(() => sourceLinks.id, { onDelete: 'set null' }),
    /**
     * A Cloud number's ad click opens Meta's free entry point window: service messages are not charged until
     * this moment (72 hours after the click). Null elsewhere.
     */
    freeEntryUntil: timestamp('free_entry_until', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversation_sources_conv_idx').on(t.conversationId, t.receivedAt),
    index('conversation_sources_user_idx').on(t.userId, t.receivedAt),
  ],
);

/** The owner's 'Links de origem': a wa.me link whose prefilled message carries `[ref:CODE]`. */
export const sourceLinks = pgTable(
  'source_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Upper case letters, digits and '-', unique in the account. */
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('source_links_user_code_unique').on(t.userId, t.code)],
);

/** What the owner says a source cost (all of it, in cents): cost per conversation and per sale on Resultados. */
export const sourceCosts = pgTable(
  'source_costs',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SOURCE_KINDS }).notNull(),
    sourceKey: text('source_key').notNull(),
    costCents: integer('cost_cents').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.sourceKey] })],
);

/** The owner's Meta dataset for the Conversions API (business messaging); the token sealed (lib/secret-box.ts). */
export const capiDatasets = pgTable('capi_datasets', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  datasetId: text('dataset_id').notNull(),
  tokenSealed: text('token_sealed').notNull(),
  /** The page id Meta asks for with WhatsApp events when the ad ran from a page; optional. */
  pageId: text('page_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const CAPI_EVENT_NAMES = ['LeadSubmitted', 'Purchase'] as const;
export const CAPI_EVENT_STATES = ['pending', 'sent', 'failed'] as const;

/**
 * Each Conversions API event VendAI owes Meta, once: `event_id` is unique (the key Meta de-duplicates by, too:
 * 'lead:<conversation>' or 'purchase:<order>'). The job that sends it claims the row; the log on Configurações reads it.
 */
export const capiEvents = pgTable(
  'capi_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    eventName: text('event_name', { enum: CAPI_EVENT_NAMES }).notNull(),
    eventId: text('event_id').notNull(),
    eventTime: timestamp('event_time', { withTimezone: true }).notNull(),
    ctwaClid: text('ctwa_clid').notNull(),
    valueCents: integer('value_cents'),
    state: text('state', { enum: CAPI_EVENT_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The lease of the process sending it (a second process waits it out). */
    claimUntil: timestamp('claim_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('capi_events_event_id_unique').on(t.userId, t.eventId),
    index('capi_events_user_created_idx').on(t.userId, t.createdAt),
    index('capi_events_pending_idx')
      .on(t.createdAt)
      .where(sql`state = 'pending'`),
  ],
);
