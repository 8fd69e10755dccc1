import { sql, type SQL } from 'drizzle-orm';

/**
 * When the AI comes back after a takeover or a handoff (docs/decisions/015-handoff.md, decision 023):
 * a customer message arrives, the AI is off, the conversation is neither opted out nor 'Nunca
 * responder', and its `ai_resumes_at` has passed. The TypeScript predicate and the SQL fragment side
 * by side, tested against each other (test/conversation-rules.test.ts).
 */
export interface ResumeFacts {
  agenteAtivo: boolean;
  optedOut: boolean;
  neverAnswer: boolean;
  aiResumesAt: Date | null;
}

export function aiResumesNow(conv: ResumeFacts, now: Date): boolean {
  return (
    !conv.agenteAtivo &&
    !conv.optedOut &&
    !conv.neverAnswer &&
    conv.aiResumesAt !== null &&
    conv.aiResumesAt.getTime() <= now.getTime()
  );
}

/** aiResumesNow in SQL over a conversations row (`conv`: its alias or table name), against now(). */
export function aiResumesNowSql(conv: string): SQL {
  const c = sql.raw(conv);
  return sql`(not ${c}.agente_ativo and not ${c}.opted_out and not ${c}.never_answer
    and coalesce(${c}.ai_resumes_at <= now(), false))`;
}
