import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The stand-in's own state, what Stripe would hold: customers, checkout and portal sessions,
 * subscriptions, idempotency keys and test clocks, one JSON object per row, so every server process
 * and a restart see the same thing. No app table references these and they reference none.
 */
export const paymentsStandinObjects = pgTable('payments_standin_objects', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Billing meter events the stand-in accepted, unique by identifier like Stripe's. */
export const paymentsStandinMeterEvents = pgTable('payments_standin_meter_events', {
  identifier: text('identifier').primaryKey(),
  eventName: text('event_name').notNull(),
  customerId: text('customer_id').notNull(),
  value: integer('value').notNull(),
  duplicates: integer('duplicates').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
