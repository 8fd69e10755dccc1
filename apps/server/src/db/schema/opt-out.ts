import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { conversations } from './app.ts';
import { user } from './auth.ts';

export const OPT_OUT_ACTIONS = ['opted_out', 'lifted'] as const;
/**
 * Who changed the opt-out: the customer's words (domain/conversation-rules/opt-out.ts), the AI's own
 * reading of them, or the owner lifting it at the customer's request ('Desfazer', or switching the AI on).
 */
export const OPT_OUT_SOURCES = ['customer_words', 'ai_reading', 'owner'] as const;

/**
 * The audit of a conversation's opt-out (docs/decisions/048-opt-out-and-owner-channel.md): every time
 * it is set or lifted, by what or whom. `conversations.opted_out` is the state; this is its history.
 */
export const optOutEvents = pgTable(
  'opt_out_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    convId: uuid('conv_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    action: text('action', { enum: OPT_OUT_ACTIONS }).notNull(),
    source: text('source', { enum: OPT_OUT_SOURCES }).notNull(),
    /** The person who lifted it (the owner); null for the customer's words and the AI. */
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The customer's message that asked to stop, when there is one. */
    messageId: uuid('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('opt_out_events_conv_idx').on(t.convId, t.createdAt)],
);
