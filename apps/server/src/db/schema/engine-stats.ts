import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * Per user and month: bursts the AI finally gave up on (every attempt failed), shown in the inbox as
 * 'A IA não conseguiu responder …' (docs/decisions/005-conversation-engine.md). Counted once per
 * give-up; a 'Tentar novamente' that fails again counts again.
 */
export const engineFailuresMonthly = pgTable(
  'engine_failures_monthly',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** First day of the month (UTC). */
    month: date('month').notNull(),
    aiGaveUp: integer('ai_gave_up').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);
