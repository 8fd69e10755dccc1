import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/** One weekday's opening hours ('08:00'–'18:00'; `to` before `from` closes after midnight), null = closed. */
type StoredDayHours = { from: string; to: string } | null;

/** A text the business-facts migration (drizzle/0053_business-facts.sql) moved here, kept as the owner typed it. */
export interface MovedFactText {
  from: 'faq' | 'training';
  topic: 'hours' | 'address' | 'payment' | 'delivery';
  question: string;
  answer: string;
  at: string;
  /** It became the fact (the most recently edited of its topic); false: an older one, kept here only. */
  kept: boolean;
}

/**
 * The business's facts, kept once (docs/decisions/066-business-facts-in-one-place.md), edited on
 * Configurações and read by the training, Conhecimento and every AI reply: the business hours
 * (docs/decisions/019-business-hours.md: the week, index 0 = domingo, and the owner's own closed days,
 * 'YYYY-MM-DD' local dates; no row or `week` null = no schedule given, the AI is told nothing about
 * hours; national holidays come from date-holidays), a note on the hours, the address, the payment
 * methods and the delivery areas (null = not given).
 */
export const businessHours = pgTable('business_hours', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  week: jsonb('week').$type<StoredDayHours[] | null>(),
  closedDays: jsonb('closed_days').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  hoursNote: text('hours_note'),
  address: text('address'),
  paymentMethods: text('payment_methods'),
  deliveryAreas: text('delivery_areas'),
  /** When the texts above last changed (the week has `updated_at`). */
  factsUpdatedAt: timestamp('facts_updated_at', { withTimezone: true }),
  /** What the migration moved here from FAQ entries and training answers, every text as typed. */
  movedTexts: jsonb('moved_texts').$type<MovedFactText[]>(),
});
