import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { aiResumesNowSql } from '../conversation-rules/ai-resume.ts';

/** The AI's off and on states of a conversation (hand-over.ts): the conversation's handoff columns. */

/**
 * The person the conversation's agent hands over to (`agentes.handoff_user_id`, decision 044) while
 * they are still the account's owner or one of its members; null otherwise.
 */
export const handoffPersonOf = (convIdColumn: ReturnType<typeof sql> | string) => sql`(
  select a.handoff_user_id
  from conversations hc join numbers hn on hn.id = hc.number_id join agentes a on a.id = hn.agente
  where hc.id = ${convIdColumn} and (a.handoff_user_id = hc.user_id or exists (
    select 1 from account_members am where am.user_id = a.handoff_user_id and am.account_id = hc.user_id)))`;

/** The agent's handoff person of this conversation (handoffPersonOf), or null. */
export async function findHandoffPerson(db: Db, convId: string): Promise<string | null> {
  const [row] = resultRows<{ id: string | null }>(await db.execute(sql`select ${handoffPersonOf(convId)} as id`));
  return row?.id ?? null;
}

/**
 * Turns the AI off with the reason, the AI back at `resumeAt` (an SQL time), assigned to the agent's
 * handoff person when it names one, and cancels the open burst, in one transaction; only if the AI is
 * still on. True when it was.
 */
export async function setHandedOver(db: Db, convId: string, reason: string, resumeAt: SQL): Promise<boolean> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      update conversations set agente_ativo = false, handoff_reason = ${reason}, ai_resumes_at = ${resumeAt},
        assigned_user_id = coalesce(${handoffPersonOf(convId)}, assigned_user_id)
      where id = ${convId} and agente_ativo returning id`);
    const changed = resultRows<{ id: string }>(result).length > 0;
    if (changed)
      await tx.execute(sql`
        update reply_bursts set state = 'cancelled', reason = 'handoff', claim_token = null, updated_at = now()
        where conv_id = ${convId} and state in ('waiting', 'generating')`);
    return changed;
  });
}

/** Moves the AI's return to `resumeAt` (an SQL time) while the AI is off and coming back. */
export async function pushResumeBack(db: Db, convId: string, resumeAt: SQL): Promise<void> {
  await db.execute(sql`
    update conversations set ai_resumes_at = ${resumeAt}
    where id = ${convId} and not agente_ativo and ai_resumes_at is not null`);
}

/** Turns the AI back on when its quiet time is over (aiResumesNowSql); true when it did. */
export async function resumeWhenDue(db: Db, convId: string): Promise<boolean> {
  const result = await db.execute(sql`
    update conversations set agente_ativo = true, ai_resumes_at = null, handoff_reason = null
    where id = ${convId} and ${aiResumesNowSql('conversations')} returning id`);
  return resultRows<{ id: string }>(result).length > 0;
}
