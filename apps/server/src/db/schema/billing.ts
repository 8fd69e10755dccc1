import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { plans } from './app.ts';
import { user } from './auth.ts';

const userRef = () =>
  text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });

/**
 * The user's Stripe subscription as last re-read from Stripe (never from an event's body): one row
 * per user. profiles.active_plan_id / subscription_status / active_subscription_id mirror it for the
 * rest of the app; the billing period here drives the paid plans' monthly counters.
 */
export const billingSubscriptions = pgTable('billing_subscriptions', {
  userId: userRef().primaryKey(),
  subscriptionId: text('subscription_id').notNull(),
  status: text('status').notNull(),
  planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Stripe webhook events, stored once by Stripe's event id (replays are answered 200 and skipped). */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

/** Every change of a user's plan or subscription status, with the event that caused it (support, tests). */
export const billingPlanChanges = pgTable(
  'billing_plan_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    fromPlanId: uuid('from_plan_id'),
    toPlanId: uuid('to_plan_id'),
    status: text('status'),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_plan_changes_user_idx').on(t.userId, t.createdAt)],
);

/**
 * AI-answered messages past a paid plan's limit, one row per message (the meter event's identifier
 * is the message id). The overage job inserts them and reports each to Stripe until reported_at is set.
 */
export const billingMeterReports = pgTable(
  'billing_meter_reports',
  {
    messageId: uuid('message_id').primaryKey(),
    userId: userRef(),
    customerId: text('customer_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** A worker is reporting it since then (a claim older than a minute belongs to a dead worker). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reportedAt: timestamp('reported_at', { withTimezone: true }),
  },
  (t) => [
    index('billing_meter_reports_pending_idx')
      .on(t.createdAt)
      .where(sql`reported_at is null`),
  ],
);
