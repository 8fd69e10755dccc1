import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { conversations } from './app.ts';
import { user } from './auth.ts';

export const OUTBOUND_OUTCOMES = ['sent', 'failed', 'unconfirmed', 'stopped', 'held', 'deferred'] as const;
export type OutboundOutcome = (typeof OUTBOUND_OUTCOMES)[number];

/**
 * One audit record per message VendAI sends or stops (docs/decisions/046-one-door-out.md, "The audit
 * record"), written by domain/outbound itself: what sent it (the origin), which rule changed it (the
 * price guard's fallback) or stopped, held or deferred it, and how the send ended. A stored message is
 * named by `message_id` (no foreign key: the record outlives a message erased with its contact's data);
 * an alert to the owner's phone has no message row.
 */
export const outboundAudit = pgTable(
  'outbound_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    convId: uuid('conv_id').references(() => conversations.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id'),
    /** outbound-origin.ts: ai_reply, ai_touch, scheduled, draft, template, pix, handoff_answer, manual, owner_alert. */
    origin: text('origin').notNull(),
    /** outbound-rules.ts: the rule that changed (price_guard) or stopped / held / deferred it; null when none. */
    rule: text('rule'),
    outcome: text('outcome', { enum: OUTBOUND_OUTCOMES }).notNull(),
    /** Why, in the words stored elsewhere (the follow-up's reason, the draft's id…). */
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbound_audit_message_idx').on(t.messageId),
    index('outbound_audit_conv_created_idx').on(t.convId, t.createdAt),
  ],
);
