import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

const owner = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

/**
 * The owner's overage ceiling on a paid plan (docs/decisions/021-spend-and-abuse-limits.md): how much
 * AI-message overage a billing period may cost, in cents of the billing currency. No row = the default
 * (domain/usage/overage-ceiling.ts).
 */
export const spendLimits = pgTable('spend_limits', {
  userId: owner().primaryKey(),
  overageCeilingCents: integer('overage_ceiling_cents').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * AI answers claimed in a paid plan's billing period (one row per user and period start): the
 * engine claims one before asking the AI, below the plan's limit plus the ceiling's messages, and
 * gives it back when nothing was sent. `ceiling_alerted_at`: the owner was told the AI paused.
 */
export const overagePeriods = pgTable(
  'overage_periods',
  {
    userId: owner(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    answers: integer('answers').notNull().default(0),
    ceilingAlertedAt: timestamp('ceiling_alerted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.periodStart] })],
);

/** Playground answers and prompt-coach suggestions per user per calendar month (the plan's test allowance). */
export const testUsageMonthly = pgTable(
  'test_usage_monthly',
  {
    userId: owner(),
    month: date('month').notNull(),
    playground: integer('playground').notNull().default(0),
    coach: integer('coach').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

/**
 * The owner's AI assists per calendar month (docs/decisions/050-upload-and-model-call-limits.md): model
 * calls the owner triggers outside the playground — a price list read by the AI, the training's
 * follow-up questions, a 'Transcrever' / 'Descrever imagem' asked in the inbox — counted against
 * `plans.max_ai_assists`.
 */
export const aiAssistUsageMonthly = pgTable(
  'ai_assist_usage_monthly',
  {
    userId: owner(),
    month: date('month').notNull(),
    priceList: integer('price_list').notNull().default(0),
    trainingQuestions: integer('training_questions').notNull().default(0),
    mediaRequests: integer('media_requests').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);
