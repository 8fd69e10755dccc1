import { sql, type SQL } from 'drizzle-orm';

/**
 * Whom the AI answers (docs/decisions/015-handoff.md, decision 023): the TypeScript predicate and the
 * SQL fragment side by side, tested against each other (test/conversation-rules.test.ts). The
 * one-event ingestion uses the predicates, the batch statement (ingest-batch.ts) the fragments.
 */

/** Whom the number's AI answers: everyone, or only contacts whose first message came after it was connected. */
export interface AiAudience {
  aiAudience: 'all' | 'new';
  connectedAt: Date | null;
}

/**
 * Does a new conversation start with the AI on? Not for groups, not for a contact set to 'Nunca
 * responder', not for an old contact (first message before the number was connected) under 'Só
 * contatos novos'.
 */
export function aiStartsOn(input: {
  isGroup: boolean;
  neverAnswer: boolean;
  firstMessageAt: Date;
  audience?: AiAudience | null;
}): boolean {
  const { audience } = input;
  const oldContact =
    audience?.aiAudience === 'new' && audience.connectedAt !== null && input.firstMessageAt < audience.connectedAt;
  return !input.isGroup && !input.neverAnswer && !oldContact;
}

/** aiStartsOn in SQL; each argument a column or expression (`type` is 'chat' or 'group'). */
export function aiStartsOnSql(c: {
  type: SQL;
  neverAnswer: SQL;
  firstMessageAt: SQL;
  aiAudience: SQL;
  connectedAt: SQL;
}): SQL {
  return sql`(${c.type} = 'chat' and not ${c.neverAnswer}
    and not (${c.aiAudience} = 'new' and coalesce(${c.firstMessageAt} < ${c.connectedAt}, false)))`;
}

/** What decides whether a fresh customer message is answered. */
export interface AnswerFacts {
  type: 'chat' | 'group';
  agenteAtivo: boolean;
  optedOut: boolean;
  neverAnswer: boolean;
}

/**
 * Does the AI answer a fresh customer message in this conversation (open or extend its burst)? A
 * one-to-one chat with the switch on, not opted out, not 'Nunca responder', with an active agent.
 */
export function aiReplies(conv: AnswerFacts, agent: { active: boolean } | null): boolean {
  return conv.type === 'chat' && conv.agenteAtivo && !conv.optedOut && !conv.neverAnswer && agent?.active === true;
}

/** aiReplies in SQL: `conv` a conversations row alias, `agentActive` the agent's `active` (null: no agent). */
export function aiRepliesSql(conv: string, agentActive: SQL): SQL {
  const c = sql.raw(conv);
  return sql`(${c}.type = 'chat' and ${c}.agente_ativo and not ${c}.opted_out and not ${c}.never_answer
    and coalesce(${agentActive}, false))`;
}
