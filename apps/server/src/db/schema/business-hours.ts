import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/** One weekday's opening hours ('08:00'–'18:00'; `to` before `from` closes after midnight), null = closed. */
type StoredDayHours = { from: string; to: string } | null;

/**
 * The owner's business hours (docs/decisions/019-business-hours.md): the week
 * (index 0 = domingo) and the owner's own closed days ('YYYY-MM-DD', local dates). No row = no
 * schedule given: the AI is told nothing about hours. National holidays come from date-holidays.
 */
export const businessHours = pgTable('business_hours', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  week: jsonb('week').$type<StoredDayHours[] | null>(),
  closedDays: jsonb('closed_days').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
