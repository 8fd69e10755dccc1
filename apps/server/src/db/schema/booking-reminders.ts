import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { messages } from './app.ts';
import { user } from './auth.ts';
import { agendaBookings } from './agenda.ts';

/**
 * The agenda's reminders (docs/decisions/073-booking-reminders.md). The owner's offsets (hours before the
 * appointment; empty = off) and, for Cloud numbers outside the 24-hour window, the approved UTILITY template.
 */
export const bookingReminderSettings = pgTable('booking_reminder_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  hours: jsonb('hours').$type<number[]>().notNull(),
  templateName: text('template_name'),
  templateLanguage: text('template_language'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const BOOKING_REMINDER_STATES = ['sending', 'sent', 'failed', 'skipped'] as const;
export const BOOKING_REMINDER_ANSWERS = ['confirmed', 'reschedule', 'cancelled'] as const;

/**
 * One reminder of one booking: the claim. Unique per (booking, offset, the booking's start), so each
 * reminder is written once in every process; a moved booking has a new start and gets fresh ones.
 * `sending` with `claim_token`/`claimed_at` is in flight; a lapsed claim is settled with the gateway (never
 * sent twice). `answer` is what the customer replied to it.
 */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => agendaBookings.id, { onDelete: 'cascade' }),
    convId: uuid('conversation_id'),
    offsetHours: integer('offset_hours').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    state: text('state', { enum: BOOKING_REMINDER_STATES }).notNull().default('sending'),
    reason: text('reason'),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    claimToken: text('claim_token'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    answer: text('answer', { enum: BOOKING_REMINDER_ANSWERS }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('booking_reminders_once').on(t.bookingId, t.offsetHours, t.startsAt),
    index('booking_reminders_conv_idx').on(t.convId, t.state),
    index('booking_reminders_lapsed_idx')
      .on(t.claimedAt)
      .where(sql`${t.state} = 'sending'`),
    check('booking_reminders_offset', sql`${t.offsetHours} between 1 and 168`),
  ],
);
