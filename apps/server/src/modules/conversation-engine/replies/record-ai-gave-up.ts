import { resultRows } from '../../../db/rows.ts';
import { sql } from 'drizzle-orm';
import { monthStart } from '../../../domain/usage/get-current-usage.ts';
import { AI_FAILURE_TYPE } from '../../../domain/conversations/conversation-dto.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { CUSTOMER_CHAT, PendingRealtimeEvents } from '../realtime-events.ts';
import { messageRecordFromSql, type MessageSqlRow } from '../sql-rows.ts';

/**
 * The AI gave up on a burst (every attempt failed, docs/decisions/005-conversation-engine.md): the burst ends 'failed' and, in
 * the same statement, the conversation gets a visible notice ('A IA não conseguiu responder: <reason>.')
 * with 'Tentar novamente' (retry-ai-reply.ts), and this month's give-ups of the user are counted
 * (engine_failures_monthly). Only while we still hold the claim: once per give-up. Nothing goes to
 * the customer.
 */
export async function recordAiGaveUp(
  deps: EngineDeps,
  burst: { id: string; token: string },
  reason: string,
): Promise<void> {
  const month = monthStart().toISOString().slice(0, 10);
  const notice = `A IA não conseguiu responder: ${reason}.`;
  const rows = resultRows<MessageSqlRow & { counted: number | string }>(
    await deps.db.execute(sql`
      with b as (
        update reply_bursts set state = 'failed', reason = 'llm', claim_token = null, inflight_message_id = null, updated_at = now()
        where id = ${burst.id} and claim_token = ${burst.token} and state = 'generating'
        returning id, user_id, conv_id),
      u as (
        insert into engine_failures_monthly (user_id, month, ai_gave_up)
        select b.user_id, ${month}::date, 1 from b
        on conflict (user_id, month) do update set ai_gave_up = engine_failures_monthly.ai_gave_up + 1
        returning 1)
      insert into messages (user_id, conv_id, direction, content, from_me, author, message_type, status, error, failed_burst_id)
      select b.user_id, b.conv_id, 'out', null, true, 'ai', ${AI_FAILURE_TYPE}, 'failed', ${notice}, b.id from b
      returning *, (select count(*) from u) as counted`),
  );
  if (rows[0]) {
    const events = new PendingRealtimeEvents();
    events.message(messageRecordFromSql(rows[0]), 'created', CUSTOMER_CHAT);
    await events.publish(deps);
  }
}

/** Why the AI failed, in the owner's words (the provider's status or a timeout; never its raw text). */
export function aiFailureReason(err: unknown): string {
  const cause = (err as { cause?: unknown } | null)?.cause ?? err;
  const c = cause as { name?: string; status?: unknown; message?: string } | null;
  if (c && (/timeout/i.test(c.name ?? '') || /timed? ?out/i.test(c.message ?? '')))
    return 'o provedor de IA não respondeu a tempo';
  if (c && typeof c.status === 'number') return `o provedor de IA respondeu com erro ${c.status}`;
  if ((err as Error | null)?.message === 'empty answer' || !(err as { cause?: unknown } | null)?.cause)
    return 'o provedor de IA não devolveu uma resposta';
  return 'o provedor de IA está indisponível';
}
