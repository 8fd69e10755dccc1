import { monthStart } from '../../../domain/usage/get-current-usage.ts';
import { AI_FAILURE_TYPE } from '../../../domain/conversations/conversation-dto.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { CUSTOMER_CHAT, PendingRealtimeEvents } from '../realtime-events.ts';
import { messageRecordFromSql } from '../sql-rows.ts';
import { recordGaveUpRows } from './burst-repository.ts';

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
  const rows = await recordGaveUpRows(deps.db, burst, month, AI_FAILURE_TYPE, notice);
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
