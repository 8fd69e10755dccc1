import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { aiResumesNowSql } from '../conversation-rules/ai-resume.ts';

/**
 * The AI's off and on states of a conversation after a takeover or a handoff (docs/decisions/015-handoff.md).
 * `ai_resumes_at` is the whole timer: set when the AI goes off, pushed back by every owner message,
 * and checked by the database when the next customer message arrives (ingestion, both paths).
 * Nothing waits in memory, so it holds across restarts and processes.
 */

/** now() + the quiet time of the conversation's agent; null when the agent says 'nunca' (or has none). */
export const resumeAtOf = (convIdColumn: ReturnType<typeof sql> | string) => sql`(
  select case when a.resume_after_minutes is null then null::timestamptz
              else now() + make_interval(mins => a.resume_after_minutes) end
  from conversations rc join numbers rn on rn.id = rc.number_id join agentes a on a.id = rn.agente
  where rc.id = ${convIdColumn})`;

/**
 * The person the conversation's agent hands over to (`agentes.handoff_user_id`, decision 044) while
 * they are still the account's owner or one of its members; null otherwise.
 */
export const handoffPersonOf = (convIdColumn: ReturnType<typeof sql> | string) => sql`(
  select a.handoff_user_id
  from conversations hc join numbers hn on hn.id = hc.number_id join agentes a on a.id = hn.agente
  where hc.id = ${convIdColumn} and (a.handoff_user_id = hc.user_id or exists (
    select 1 from account_members am where am.user_id = a.handoff_user_id and am.account_id = hc.user_id)))`;

/**
 * Hands the conversation over to a person: Manual with the reason shown in the inbox, the AI back
 * after the agent's quiet time (or at `resumeAt`, an SQL time), its open burst cancelled, and assigned
 * to the agent's handoff person when it names one (decision 044). Only if the AI is still on; true when it was.
 */
export async function handOver(
  db: Db,
  convId: string,
  reason: string,
  resumeAt: ReturnType<typeof sql> = resumeAtOf(convId),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      update conversations set agente_ativo = false, handoff_reason = ${reason}, ai_resumes_at = ${resumeAt},
        assigned_user_id = coalesce(${handoffPersonOf(convId)}, assigned_user_id)
      where id = ${convId} and agente_ativo returning id`);
    const changed = resultRows(result).length > 0;
    if (changed)
      await tx.execute(sql`
        update reply_bursts set state = 'cancelled', reason = 'handoff', claim_token = null, updated_at = now()
        where conv_id = ${convId} and state in ('waiting', 'generating')`);
    return changed;
  });
}

/** The owner wrote while the AI is off and coming back: the quiet time starts again from now. */
export async function postponeResume(db: Db, convId: string): Promise<void> {
  await db.execute(sql`
    update conversations set ai_resumes_at = ${resumeAtOf(convId)}
    where id = ${convId} and not agente_ativo and ai_resumes_at is not null`);
}

/**
 * A customer message arrived: the AI is back if its quiet time is over (then this message is the
 * first it answers; what arrived while it was off is context, never answered on its own).
 * The rule: domain/conversation-rules/ai-resume.ts, shared with the batch ingestion's statement.
 */
export async function resumeIfDue(db: Db, convId: string): Promise<boolean> {
  const result = await db.execute(sql`
    update conversations set agente_ativo = true, ai_resumes_at = null, handoff_reason = null
    where id = ${convId} and ${aiResumesNowSql('conversations')} returning id`);
  return resultRows(result).length > 0;
}
