import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { agentes } from './app.ts';
import { user } from './auth.ts';

/**
 * A hint a member closed (docs/decisions/065-agent-tabs-hints-and-judge.md): the inbox's and Resultados'
 * pointer to an agent's follow-ups or approval ('follow-up', 'approval'), not shown to this member again
 * for this agent. Per member (`member_id` is the person signed in), so closing it does not hide it from
 * the rest of the team; gone with the member or the agent.
 */
export const agentHintDismissals = pgTable(
  'agent_hint_dismissals',
  {
    memberId: text('member_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => agentes.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['follow-up', 'approval'] }).notNull(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.agentId, t.kind] })],
);
