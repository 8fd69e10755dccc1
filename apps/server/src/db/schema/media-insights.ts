import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { messages } from './app.ts';

/**
 * What the AI understood of one inbound media message (docs/decisions/016-media-understanding.md):
 * a voice note's transcript, an image's description or a document's extracted text. One row per
 * message, so each message is understood at most once (bounded per message); `attempts` survives
 * restarts so retries stay bounded too.
 */
export const messageInsights = pgTable(
  'message_insights',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    convId: uuid('conv_id').notNull(),
    /** transcript (audio) | description (image, sticker) | document (extracted text). */
    kind: text('kind').$type<'transcript' | 'description' | 'document'>().notNull(),
    /** done: `text` is what the AI reads; failed: tried and gave up; skipped: not tried (reason says why). */
    state: text('state').$type<'done' | 'failed' | 'skipped'>().notNull(),
    text: text('text'),
    /** Why it failed or was skipped (too-long, too-big, no-vision, no-media, provider…). */
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('message_insights_conv_idx').on(t.convId)],
);

/** Per account and month: media understood by the AI (each one a provider call that costs). */
export const mediaUsageMonthly = pgTable(
  'media_usage_monthly',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** First day of the month (UTC). */
    month: date('month').notNull(),
    transcriptions: integer('transcriptions').notNull().default(0),
    /** Seconds of audio transcribed. */
    transcribedSeconds: integer('transcribed_seconds').notNull().default(0),
    descriptions: integer('descriptions').notNull().default(0),
    documents: integer('documents').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);
