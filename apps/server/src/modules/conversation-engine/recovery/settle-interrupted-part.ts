import { monthStart } from '../../../domain/usage/get-current-usage.ts';
import { messagePreview } from '../../../integrations/gateway/map-gateway-message.ts';
import type { EngineDeps } from '../engine-deps.ts';
import type { BurstRecord, MessageRecord, PlanAllowance } from '../engine-repository.ts';
import { CUSTOMER_CHAT, PendingRealtimeEvents } from '../realtime-events.ts';
import type { AiSlot } from '../replies/reserve-ai-slot.ts';
import { AI_SEND_INTERRUPTED } from '../replies/send-reply-parts.ts';
import { lookUpSend } from '../../../domain/outbound/reconcile-send.ts';
import { markPartInterrupted, selectInflightPart } from './recovery-repository.ts';

/** The interrupted part, when it must be sent now: its stored message and the free plan's slot it already holds. */
export interface PartToResend {
  message: MessageRecord;
  slot: AiSlot | null;
}

/**
 * The part a dead sender had in flight (reply_bursts.inflight_message_id), settled with the gateway
 * the way a cut connection is (domain/outbound/send-outbound.ts) before anything is marked, by the one
 * process that took the burst over (its claim token): the gateway has it (the echo linked our row,
 * or its record of the chat has our text since the part was stored) → sent; its record provably
 * lacks it → returned, to be sent now, once; the gateway cannot tell → failed as interrupted
 * ('Envio interrompido… Confira no WhatsApp'), never sent twice. The sender is dead (its lease
 * lapsed), so its request reached the gateway long ago or never will.
 */
export async function settleInterruptedPart(
  deps: EngineDeps,
  burst: BurstRecord,
  token: string,
  allowance: PlanAllowance,
): Promise<PartToResend | null> {
  const [row] = await selectInflightPart(deps.db, burst);
  const message = row?.message;
  if (!message || message.status !== 'pending') return markInterrupted(deps, burst, token);
  const verdict = message.externalId
    ? { externalId: message.externalId }
    : row.instanceName && message.content
      ? await lookUpSend(
          deps,
          {
            messageId: message.id,
            instanceName: row.instanceName,
            contactJid: row.contactJid,
            text: message.content,
            // A catalogue photo is looked up as an image with this caption.
            image: message.messageType === 'image',
          },
          message.createdAt.getTime(),
        )
      : 'unknown';
  deps.log.warn({ burstId: burst.id, messageId: message.id, verdict }, 'engine: an interrupted reply part settled');
  if (verdict === 'unknown') return markInterrupted(deps, burst, token);
  const index = burst.sentParts;
  const first = index === 0;
  if (verdict === 'absent') {
    // The free plan's slot the dead sender claimed for this answer still counts it (reserve-ai-slot.ts).
    const slot = first && allowance.isFree ? { userId: burst.userId, month: monthOf(message.createdAt) } : null;
    return { message, slot };
  }
  const parts = burst.parts;
  const conversation = await deps.writer.finish({
    burstId: burst.id,
    token,
    userId: burst.userId,
    convId: burst.convId,
    messageId: message.id,
    index,
    ok: true,
    externalId: verdict.externalId,
    error: null,
    last: index >= parts.length - 1,
    preview: messagePreview({
      type: message.messageType === 'image' ? 'image' : 'text',
      content: message.content,
      media: null,
    }),
    // One AI-answered message per reply; the free plan's was counted when its slot was claimed.
    countUsage: first && !allowance.isFree,
    maxAiMessages: allowance.maxAiMessages,
  });
  const events = new PendingRealtimeEvents();
  events.message({ ...message, status: 'sent', externalId: verdict.externalId }, 'updated', CUSTOMER_CHAT);
  if (conversation) events.conversationRow(conversation, 'updated', CUSTOMER_CHAT);
  await events.publish(deps);
  return null;
}

/** The part may or may not have reached the customer: failed as interrupted, and the next part is next. */
async function markInterrupted(deps: EngineDeps, burst: BurstRecord, token: string): Promise<null> {
  const events = new PendingRealtimeEvents();
  const msg = await markPartInterrupted(deps.db, burst, token, AI_SEND_INTERRUPTED);
  if (msg) events.message(msg, 'updated', CUSTOMER_CHAT);
  await events.publish(deps);
  return null;
}

function monthOf(at: Date): string {
  return monthStart(at).toISOString().slice(0, 10);
}
