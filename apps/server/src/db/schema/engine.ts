import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { conversations } from './app.ts';
import { user } from './auth.ts';

export const REPLY_BURST_STATES = ['waiting', 'generating', 'sending', 'done', 'cancelled', 'failed'] as const;
export type ReplyBurstState = (typeof REPLY_BURST_STATES)[number];

/**
 * One AI reply per burst of customer messages (docs/decisions/005-conversation-engine.md).
 *
 * State machine, every step a conditional UPDATE so exactly one process wins it:
 *   waiting ──claim──► generating ──commit answer──► sending ──► done
 *      ▲                  │ (a new customer message: version+1, back to waiting)
 *      └──────────────────┘
 *   waiting/generating ──takeover, opt-out, limit, no agent──► cancelled;  LLM gave up ──► failed
 *
 * At most one open (waiting/generating) burst per conversation: the partial unique index below.
 * Once a burst is 'sending' its answer is fixed; a message arriving then opens a new burst.
 */
/** One message of an answer: a text, or a catalogue item's photo (its storage key, the item's name as caption). */
export type BurstPart = string | { photo: { itemId: string; key: string; caption: string } };

/**
 * The answer's queued engine events (domain/engine-events/event-job.ts), stored by the statement that
 * fixes the answer: a process killed before their job was queued leaves them to the recovery.
 */
export type BurstEvents = { key: string; events: { name: string; payload: unknown }[] };

export const replyBursts = pgTable(
  'reply_bursts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    convId: uuid('conv_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    state: text('state', { enum: REPLY_BURST_STATES }).notNull().default('waiting'),
    /** +1 for every customer message of the burst: an answer generated for an older version is dropped. */
    version: integer('version').notNull().default(1),
    firstMessageAt: timestamp('first_message_at', { withTimezone: true }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    /** When to answer: quiet time after the last message, capped from the first. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** The current owner of a generating/sending step, and since when (a lease: stale claims are recovered). */
    claimToken: uuid('claim_token'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The answer split into WhatsApp messages (texts, then any catalogue photos), fixed when the burst enters 'sending'. */
    parts: jsonb('parts').$type<BurstPart[]>().notNull().default([]),
    /** The answer's events to queue (null: none is heard); re-published by the recovery if their job is missing. */
    events: jsonb('events').$type<BurstEvents>(),
    /** How many parts are finished (sent or failed), and the message row of the part being sent now. */
    sentParts: integer('sent_parts').notNull().default(0),
    inflightMessageId: uuid('inflight_message_id'),
    /** Why it was cancelled or failed (logs and support). */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reply_bursts_open_unique')
      .on(t.convId)
      .where(sql`state in ('waiting', 'generating')`),
    index('reply_bursts_active_due_idx')
      .on(t.dueAt)
      .where(sql`state in ('waiting', 'generating', 'sending')`),
  ],
);
