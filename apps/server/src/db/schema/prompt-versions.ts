import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agentes } from './app.ts';
import { user } from './auth.ts';

/**
 * Every system prompt an agent has had (docs/decisions/014-prompt-workshop.md): one row per change — training, retraining,
 * manual save, prompt-coach acceptance, restore — so an owner can see, compare and restore any of
 * them. The newest PROMPT_VERSIONS_KEPT per agent are kept (domain/prompt-versions).
 */
export const promptVersions = pgTable(
  'prompt_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agentes.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['training', 'retraining', 'manual', 'coach', 'restore'] }).notNull(),
    systemPrompt: text('system_prompt').notNull(),
    /** The restored version (source 'restore'). */
    restoredFrom: uuid('restored_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prompt_versions_agent_created_idx').on(t.agentId, t.createdAt.desc(), t.id.desc())],
);
