import { publishEngineEvents } from '../../../domain/engine-events/event-job.ts';
import { latestCustomerMessageId, optedOutEvent, recordOptOut } from '../../../domain/opt-out/opt-out-repository.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { PendingRealtimeEvents } from '../realtime-events.ts';
import type { ReplyContext } from './claim-due-replies.ts';

/**
 * The AI read the customer's message as an opt-out the rules did not catch (`opt_out` in its answer,
 * docs/decisions/048-opt-out-and-owner-channel.md): nothing is sent, and the conversation opts out as
 * if the rules had read it — the AI off for good, the burst and every planned follow-up cancelled, the
 * customer's message counted in Resultados' 'Pediram para sair', the audit row saying the AI read it
 * (the planned follow-ups are cancelled by their listener of 'customer.opted_out').
 */
export async function optOutByAiReading(deps: EngineDeps, ctx: ReplyContext): Promise<void> {
  const at = { userId: ctx.userId, convId: ctx.convId, source: 'ai_reading' as const };
  const optOutId = await deps.db.transaction(async (tx) => {
    const messageId = await latestCustomerMessageId(tx, ctx.convId);
    return recordOptOut(tx, { ...at, messageId });
  });
  // Who stops on an opt-out listens (the planned follow-ups; docs/decisions/060-events-features-listen.md).
  if (optOutId) await publishEngineEvents(deps, optedOutEvent(at, optOutId));
  deps.log.info({ convId: ctx.convId }, 'engine: the AI read an opt-out; nothing is sent');
  await new PendingRealtimeEvents().conversation(ctx.convId, 'updated').publish(deps);
}
