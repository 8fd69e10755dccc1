import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { agentes, conversations, numbers } from './app.ts';
import { user } from './auth.ts';

const owner = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

/**
 * An agent's follow-up ladder, 'Acompanhamento' (docs/decisions/037-follow-ups.md): off by default,
 * up to three touches, each `gaps_minutes[i]` after VendAI's last message. No row = off.
 */
export const followUpSettings = pgTable('follow_up_settings', {
  agentId: uuid('agent_id')
    .primaryKey()
    .references(() => agentes.id, { onDelete: 'cascade' }),
  userId: owner(),
  enabled: boolean('enabled').notNull().default(false),
  gapsMinutes: jsonb('gaps_minutes').$type<number[]>().notNull(),
  /** Follow-ups a number sends a day at most (the account's own cap is FOLLOW_UPS_ACCOUNT_DAILY_CAP). */
  numberDailyCap: integer('number_daily_cap').notNull().default(30),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const FOLLOW_UP_KINDS = ['touch', 'scheduled'] as const;
export const FOLLOW_UP_STATES = ['scheduled', 'sending', 'sent', 'cancelled', 'skipped', 'failed'] as const;
export type FollowUpState = (typeof FOLLOW_UP_STATES)[number];

/**
 * A follow-up touch of the ladder or a message the owner scheduled ('Agendar'). A durable job in the
 * database: claimed by one process at a time (claim token + lease, `FOR UPDATE SKIP LOCKED`), the
 * message row stored before the gateway call, so a crash never sends it twice.
 *   scheduled ──claim──► sending ──► sent | failed
 *   scheduled ──customer wrote, takeover, opt-out, 'Cancelar'──► cancelled;  caps, breaker, 24 h window ──► skipped
 */
export const followUps = pgTable(
  'follow_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    convId: uuid('conv_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    numberId: uuid('number_id')
      .notNull()
      .references(() => numbers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: FOLLOW_UP_KINDS }).notNull(),
    /** Touch number on the ladder (1–3); 0 for a scheduled message. */
    step: integer('step').notNull().default(0),
    /** A touch: VendAI's message the silence is counted from (one touch per such message). */
    anchorMessageId: uuid('anchor_message_id'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** The owner's text (scheduled) or the touch written by the AI (set when it is sent). */
    text: text('text'),
    /** A scheduled message: cancelled when the customer writes before it goes. */
    cancelOnReply: boolean('cancel_on_reply').notNull().default(true),
    state: text('state', { enum: FOLLOW_UP_STATES }).notNull().default('scheduled'),
    /** Why it was cancelled, skipped or failed (shown in the inbox). */
    reason: text('reason'),
    claimToken: uuid('claim_token'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The message row being sent (in flight) or sent. */
    messageId: uuid('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('follow_ups_touch_anchor_unique')
      .on(t.convId, t.anchorMessageId)
      .where(sql`kind = 'touch'`),
    index('follow_ups_open_due_idx')
      .on(t.dueAt)
      .where(sql`state in ('scheduled', 'sending')`),
    index('follow_ups_conv_idx').on(t.convId, t.createdAt),
    index('follow_ups_user_sent_idx').on(t.userId, t.sentAt),
  ],
);

/** The breaker: follow-ups paused on a number (too many failed sends or opt-outs) until `paused_until`. */
export const followUpPauses = pgTable('follow_up_pauses', {
  numberId: uuid('number_id')
    .primaryKey()
    .references(() => numbers.id, { onDelete: 'cascade' }),
  userId: owner(),
  reason: text('reason').notNull(),
  pausedUntil: timestamp('paused_until', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
