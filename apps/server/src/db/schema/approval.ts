import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { conversations } from './app.ts';
import { user } from './auth.ts';
import type { BurstPart } from './engine.ts';

export const REPLY_DRAFT_STATES = ['pending', 'sent', 'discarded', 'superseded', 'failed'] as const;
export type ReplyDraftState = (typeof REPLY_DRAFT_STATES)[number];
export const REPLY_DRAFT_DECIDERS = ['inbox', 'whatsapp', 'timeout'] as const;

/**
 * An AI answer waiting for the owner's approval (docs/decisions/045-approval-mode.md). At most one
 * pending draft per conversation; every move out of 'pending' is a conditional UPDATE, so a draft
 * is sent or discarded exactly once whoever acts (inbox, the owner's WhatsApp reply, the timeout).
 */
export const replyDrafts = pgTable(
  'reply_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    convId: uuid('conv_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    state: text('state', { enum: REPLY_DRAFT_STATES }).notNull().default('pending'),
    /** The AI's answer as it would have been sent: texts, then catalogue photos. */
    parts: jsonb('parts').$type<BurstPart[]>().notNull(),
    /**
     * What the answer does once sent, beside its text (a hot lead, the customer's confirmed order) and the
     * burst that wrote it (the order's key): an approved draft is a whole reply (decision 046). `counted`:
     * the answer was counted toward the limits when written (decision 046); absent on older drafts, counted when sent.
     */
    effects: jsonb('effects').$type<{ hotLead: boolean; order: unknown; burstId: string; counted?: boolean }>(),
    /** The customer's messages it answers (quoted in the owner's alert). */
    customerText: text('customer_text'),
    /** The customer's latest message when it was drafted: a newer one makes it stale. */
    customerAt: timestamp('customer_at', { withTimezone: true }),
    /** When the timeout acts, and how ('send' or 'discard'). */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    timeoutAction: text('timeout_action', { enum: ['send', 'discard'] }).notNull(),
    /** The owner alert that carried it (its WhatsApp id names it when the owner quotes it). */
    alertId: uuid('alert_id'),
    /** The burst that sends it once approved (the engine's normal send path). */
    burstId: uuid('burst_id'),
    edited: boolean('edited').notNull().default(false),
    /**
     * The team member who edited the text before it went out, and the one who sent it (the inbox's person,
     * the owner for a '1' on WhatsApp; null for the timeout). No foreign key, as messages.sent_by_user_id.
     */
    editedByUserId: text('edited_by_user_id'),
    sentByUserId: text('sent_by_user_id'),
    decidedBy: text('decided_by', { enum: REPLY_DRAFT_DECIDERS }),
    /** The owner's WhatsApp message ('1' / '2') that acted on it: one message acts once. */
    decidedMessageId: text('decided_message_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reply_drafts_pending_unique')
      .on(t.convId)
      .where(sql`state = 'pending'`),
    uniqueIndex('reply_drafts_decided_message_unique').on(t.decidedMessageId),
    index('reply_drafts_user_created_idx').on(t.userId, t.createdAt.desc()),
    // Today's drafts of one conversation: the contact's daily ceiling counts them (domain/ai-reply/contact-daily-ceiling.ts).
    index('reply_drafts_conv_created_idx').on(t.convId, t.createdAt),
    index('reply_drafts_pending_due_idx')
      .on(t.dueAt)
      .where(sql`state = 'pending'`),
  ],
);
