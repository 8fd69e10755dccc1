import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { numbers } from './app.ts';
import { user } from './auth.ts';

/**
 * Resultados' rollup (docs/decisions/017-results-figures.md): per user, number and UTC hour, the
 * figures of the hours that are over, filled from the messages by modules/results' background job
 * (rollup-job.ts) and, for a bounded amount, by a request (results_rollup_marks says how far). The hours
 * after the mark are read live.
 */
const userRef = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });
const numberRef = () =>
  uuid('number_id')
    .notNull()
    .references(() => numbers.id, { onDelete: 'cascade' });
const hour = () => timestamp('hour', { withTimezone: true }).notNull();

/** Additive counts per hour (groups excluded; failed sends apart). */
export const resultsHourly = pgTable(
  'results_hourly',
  {
    userId: userRef(),
    numberId: numberRef(),
    hour: hour(),
    conversationsStarted: integer('conversations_started').notNull().default(0),
    messagesIn: integer('messages_in').notNull().default(0),
    messagesOut: integer('messages_out').notNull().default(0),
    aiMessages: integer('ai_messages').notNull().default(0),
    ownerMessages: integer('owner_messages').notNull().default(0),
    aiAnswers: integer('ai_answers').notNull().default(0),
    handoversInbox: integer('handovers_inbox').notNull().default(0),
    handoversPhone: integer('handovers_phone').notNull().default(0),
    optOuts: integer('opt_outs').notNull().default(0),
    failedSends: integer('failed_sends').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hour, t.numberId] })],
);

/** First-response times per hour of the answer, as a histogram: how many answers took `bucket` seconds (lower bound). */
export const resultsResponsesHourly = pgTable(
  'results_responses_hourly',
  {
    userId: userRef(),
    numberId: numberRef(),
    hour: hour(),
    /** 'ai' or 'owner'. */
    who: text('who', { enum: ['ai', 'owner'] }).notNull(),
    bucket: integer('bucket').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hour, t.numberId, t.who, t.bucket] })],
);

/**
 * The conversations active in an hour: whether the customer, anyone (AI or owner) or the owner wrote,
 * and the conversation's previous hour with each, so 'conversations with X in a period' is a count of
 * rows whose previous X is before the period — no grouping by conversation at read time.
 */
export const resultsActiveHourly = pgTable(
  'results_active_hourly',
  {
    userId: userRef(),
    numberId: numberRef(),
    hour: hour(),
    convId: uuid('conv_id').notNull(),
    hasIn: boolean('has_in').notNull(),
    hasOut: boolean('has_out').notNull(),
    hasOwner: boolean('has_owner').notNull(),
    prevIn: timestamp('prev_in', { withTimezone: true }),
    prevOut: timestamp('prev_out', { withTimezone: true }),
    prevOwner: timestamp('prev_owner', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.hour, t.convId] }),
    index('results_active_hourly_conv_idx').on(t.convId, t.hour),
    // Covers the period read (index-only): every column the counts need.
    index('results_active_hourly_period_idx').on(
      t.userId,
      t.hour,
      t.numberId,
      t.hasIn,
      t.hasOut,
      t.hasOwner,
      t.prevIn,
      t.prevOut,
      t.prevOwner,
    ),
  ],
);

/** How far each user's rollup goes: every hour before `rolled_until` is in the tables above. */
export const resultsRollupMarks = pgTable('results_rollup_marks', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  rolledUntil: timestamp('rolled_until', { withTimezone: true }).notNull(),
});
