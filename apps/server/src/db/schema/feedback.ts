import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/** Feedback form (docs/product/data.md). */
export const sugestoes = pgTable(
  'sugestoes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    tipo: text('tipo', { enum: ['sugestao', 'bug', 'nova_funcionalidade', 'geral'] }).notNull(),
    email: text('email'),
    sugestao: text('sugestao').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sugestoes_not_blank', sql`length(trim(${t.sugestao})) > 0`)],
);
