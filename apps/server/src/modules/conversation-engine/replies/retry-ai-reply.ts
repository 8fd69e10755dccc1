import { AI_RETRY_AI_OFF, AI_RETRY_NOT_POSSIBLE } from '@vendai/contracts';
import { pgErrorCode } from '../../../db/pg-error.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { AI_FAILURE_TYPE } from '../../../domain/conversations/conversation-dto.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { CUSTOMER_CHAT, PendingRealtimeEvents } from '../realtime-events.ts';
import { messageRecordFromSql } from '../sql-rows.ts';
import { requeueGaveUpBurst, retireGaveUpNotice, type RetriedNotice, selectGaveUpNotice } from './burst-repository.ts';

/**
 * 'Tentar novamente' on an 'A IA não conseguiu responder' notice (docs/decisions/005-conversation-engine.md): the failed burst
 * goes back to the reply queue, due now, as a new version (answered at most once like any other).
 * Owner only: another user's conversation or notice is 404. When the conversation already has an
 * open burst (the customer wrote again), that one answers the whole conversation: nothing to re-queue.
 * The notice stays as history, no longer retryable (message.updated).
 */
export async function retryAiReply(
  deps: EngineDeps,
  input: { accountId: string; convId: string; messageId: string },
): Promise<{ ok: true }> {
  const notice = await selectGaveUpNotice(deps.db, input, AI_FAILURE_TYPE);
  if (!notice) throw notFound(AI_RETRY_NOT_POSSIBLE);
  if (!notice.failed_burst_id) throw new AppError('CONFLICT', AI_RETRY_NOT_POSSIBLE);
  if (!notice.agente_ativo || notice.opted_out) throw new AppError('CONFLICT', AI_RETRY_AI_OFF);

  let rows: RetriedNotice[];
  try {
    rows = await requeueGaveUpBurst(deps.db, input, notice);
  } catch (err) {
    // An open burst appeared meanwhile (unique per conversation): it answers the conversation.
    if (pgErrorCode(err) !== '23505') throw err;
    rows = await retireGaveUpNotice(deps.db, input);
  }
  if (!rows[0]) throw new AppError('CONFLICT', AI_RETRY_NOT_POSSIBLE);
  const events = new PendingRealtimeEvents();
  events.message(messageRecordFromSql(rows[0]), 'updated', CUSTOMER_CHAT);
  await events.publish(deps);
  if (Number(rows[0].requeued) > 0) deps.replies.wake(new Date());
  return { ok: true };
}
