import { resultRows } from '../../../db/rows.ts';
import { AI_RETRY_AI_OFF, AI_RETRY_NOT_POSSIBLE } from '@vendai/contracts';
import { sql } from 'drizzle-orm';
import { pgErrorCode } from '../../../db/pg-error.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { AI_FAILURE_TYPE } from '../../../domain/conversations/conversation-dto.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { CUSTOMER_CHAT, PendingRealtimeEvents } from '../realtime-events.ts';
import { messageRecordFromSql, type MessageSqlRow } from '../sql-rows.ts';

/** The notice, no longer retryable, and whether its burst went back to the queue. */
type RetriedNotice = MessageSqlRow & { requeued: number };

/**
 * 'Tentar novamente' on an 'A IA não conseguiu responder' notice (docs/decisions/005-conversation-engine.md): the failed burst
 * goes back to the reply queue, due now, as a new version (answered at most once like any other).
 * Owner only: another user's conversation or notice is 404. When the conversation already has an
 * open burst (the customer wrote again), that one answers the whole conversation: nothing to re-queue.
 * The notice stays as history, no longer retryable (message.updated).
 */
export async function retryAiReply(
  deps: EngineDeps,
  input: { userId: string; convId: string; messageId: string },
): Promise<{ ok: true }> {
  const [notice] = resultRows<{ failed_burst_id: string | null; agente_ativo: boolean; opted_out: boolean }>(
    await deps.db.execute(sql`
      select m.failed_burst_id, c.agente_ativo, c.opted_out from messages m join conversations c on c.id = m.conv_id
      where m.id = ${input.messageId} and m.conv_id = ${input.convId} and m.user_id = ${input.userId} and c.user_id = ${input.userId}
        and m.message_type = ${AI_FAILURE_TYPE}`),
  );
  if (!notice) throw notFound(AI_RETRY_NOT_POSSIBLE);
  if (!notice.failed_burst_id) throw new AppError('CONFLICT', AI_RETRY_NOT_POSSIBLE);
  if (!notice.agente_ativo || notice.opted_out) throw new AppError('CONFLICT', AI_RETRY_AI_OFF);

  let rows: RetriedNotice[];
  try {
    rows = resultRows<RetriedNotice>(
      await deps.db.execute(sql`
        with b as (
          update reply_bursts set state = 'waiting', version = version + 1, due_at = now(), claim_token = null, reason = null, updated_at = now()
          where id = ${notice.failed_burst_id} and state = 'failed'
            and not exists (select 1 from reply_bursts o where o.conv_id = ${input.convId} and o.state in ('waiting', 'generating'))
          returning id)
        update messages set failed_burst_id = null
        where id = ${input.messageId} and failed_burst_id is not null
        returning *, (select count(*) from b)::int as requeued`),
    );
  } catch (err) {
    // An open burst appeared meanwhile (unique per conversation): it answers the conversation.
    if (pgErrorCode(err) !== '23505') throw err;
    rows = resultRows<RetriedNotice>(
      await deps.db.execute(
        sql`update messages set failed_burst_id = null where id = ${input.messageId} returning *, 0 as requeued`,
      ),
    );
  }
  if (!rows[0]) throw new AppError('CONFLICT', AI_RETRY_NOT_POSSIBLE);
  const events = new PendingRealtimeEvents();
  events.message(messageRecordFromSql(rows[0]), 'updated', CUSTOMER_CHAT);
  await events.publish(deps);
  if (Number(rows[0].requeued) > 0) deps.replies.wake(new Date());
  return { ok: true };
}
