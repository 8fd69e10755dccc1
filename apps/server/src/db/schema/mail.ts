import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mail kept by the outbox provider when no SMTP server is configured. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_created_idx').on(t.to, t.createdAt)],
);
