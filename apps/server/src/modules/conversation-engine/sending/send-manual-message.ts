import { postponeResume } from '../../../domain/handoff/hand-over.ts';
import { proposeFaqFromHandoff } from '../../../domain/facts/propose-faq.ts';
import type { MessageDto } from '@vendai/contracts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { toMessageDto } from '../../../domain/conversations/conversation-dto.ts';
import type { EngineDeps } from '../engine-deps.ts';
import type { Db } from '../../../db/client.ts';
import { PendingRealtimeEvents } from '../realtime-events.ts';
import { type MessageRecord, switchAiOff, touchConversation } from '../engine-repository.ts';
import { messagePreview } from '../../../integrations/gateway/map-gateway-message.ts';
import { sendOutbound } from '../../../domain/outbound/send-outbound.ts';
import { outboundStop } from '../../../domain/outbound/outbound-rules.ts';
import { freeTextAllowed } from '../../../domain/conversation-rules/service-window.ts';
import { isReEngagementRefusal } from '../../../domain/conversation-rules/meta-closed-window.ts';
import { graphErrorAdvice } from '../../../integrations/gateway/delivery-failure-text.ts';
import {
  insertManualMessage,
  markConversationRead,
  recordMessageOutcome,
  selectOwnConversation,
} from './sending-repository.ts';

/** The dashboard chat's failure message (docs/product/messages.md). */
export const MANUAL_SEND_FAILED = 'Falha ao enviar mensagem. Tente novamente.';
/** Meta refused the text with #131047: the window closed although the customer's last message said otherwise. */
export const WINDOW_CLOSED_BY_META =
  'A janela de 24 horas desta conversa fechou: a Meta só aceita um modelo aprovado até o cliente escrever de novo. Envie um modelo aprovado.';

interface ManualSend {
  accountId: string;
  convId: string;
  text: string;
  /** The person who typed it (the owner or an attendant, decision 044). */
  actorId?: string;
}

/** The owner's conversation with what sending to it needs. */
interface OwnConversation {
  id: string;
  contactJid: string;
  agenteAtivo: boolean;
  instanceName: string;
}

/**
 * POST /api/conversations/:id/messages: the owner writes from the inbox. The message is stored
 * first (nothing typed is lost), the AI is switched off for the conversation (human takeover,
 * docs/product/ai-replies.md#5-human-takeover), then the gateway sends it; a final gateway failure leaves the message
 * marked failed and answers 502, except Meta's #131047 (the 24-hour window closed): 409 WINDOW_CLOSED.
 */
export async function sendManualMessage(deps: EngineDeps, input: ManualSend): Promise<MessageDto> {
  const conv = await findOwnConversation(deps, input);
  const message = await storeManualMessage(deps, conv, input);
  const { externalId, failure } = await sendToGateway(deps, conv, message, input.text);
  const ok = failure === null;
  const closed = !ok && isReEngagementRefusal(failure);
  const updated = await recordSendOutcome(
    deps,
    conv.id,
    message,
    ok ? { externalId } : null,
    closed ? (graphErrorAdvice(131047) ?? undefined) : undefined,
  );
  // Meta's #131047 (decision 054): sendOutbound recorded the window closed; the owner is told to send a
  // template (a 409 the composer answers by switching to the templates), not that a service failed.
  if (closed) throw new AppError('WINDOW_CLOSED', WINDOW_CLOSED_BY_META, { cause: failure });
  if (!ok) {
    deps.log.warn({ err: failure, convId: conv.id }, 'engine: manual send failed at the gateway');
    throw new AppError('UPSTREAM', MANUAL_SEND_FAILED, { cause: failure });
  }
  // The owner answered a handed-over conversation: propose it as a FAQ entry (never fails the send).
  await proposeFaqFromHandoff(deps.db, {
    accountId: input.accountId,
    convId: conv.id,
    answer: input.text,
    answeredAt: message.createdAt,
  }).catch((err: unknown) => deps.log.warn({ err, convId: conv.id }, 'knowledge: FAQ proposal failed'));
  return toMessageDto(updated);
}

/** The conversation, if it is this owner's (another account's is 404) and free text may go to it now. */
async function findOwnConversation(deps: EngineDeps, input: ManualSend): Promise<OwnConversation> {
  const [conv] = await selectOwnConversation(deps.db, input.accountId, input.convId);
  if (!conv) throw notFound();
  // Official-API numbers: free text only within 24 h of the customer's last message; nothing is
  // stored, the composer keeps the text and offers the approved templates (decision 041).
  if (outboundStop('manual', { windowClosed: !freeTextAllowed(conv, new Date()) })) throw new AppError('WINDOW_CLOSED');
  return conv;
}

/**
 * Stores the message as pending, reads the chat (nothing unread), switches the AI off; tells the inbox.
 * `alongside` writes more rows in the same transaction (a template send's template_messages row).
 */
export async function storeManualMessage(
  deps: EngineDeps,
  conv: Omit<OwnConversation, 'instanceName'>,
  input: ManualSend,
  alongside?: (tx: Db, message: MessageRecord) => Promise<void>,
): Promise<MessageRecord> {
  const message = await deps.db.transaction(async (tx) => {
    const [row] = await insertManualMessage(tx, {
      userId: input.accountId,
      convId: conv.id,
      direction: 'out',
      content: input.text,
      fromMe: true,
      author: 'owner_app',
      messageType: 'text',
      status: 'pending',
      sentByUserId: input.actorId ?? null,
    });
    await touchConversation(tx, conv.id, {
      at: row!.createdAt,
      preview: messagePreview({ type: 'text', content: input.text, media: null }),
      unreadIncrement: 0,
    });
    // Reading the chat to answer it: nothing is unread any more.
    await markConversationRead(tx, conv.id);
    if (conv.agenteAtivo) await switchAiOff(tx, conv.id, { optOut: false, reason: 'manual' });
    else await postponeResume(tx, conv.id); // the owner is still talking: the quiet time starts again
    await alongside?.(tx, row!);
    return row!;
  });
  const created = new PendingRealtimeEvents();
  created.message(message, 'created');
  created.conversation(conv.id, 'updated');
  await created.publish(deps);
  return message;
}

/** Through the one door out (decision 046), a refusal tried once more: its message id, or why it failed. */
async function sendToGateway(
  deps: EngineDeps,
  conv: OwnConversation,
  message: MessageRecord,
  text: string,
): Promise<{ externalId: string | null; failure: unknown }> {
  const sent = await sendOutbound(deps, {
    origin: 'manual',
    messageId: message.id,
    instanceName: conv.instanceName,
    to: conv.contactJid,
    text,
    attempts: 2,
    retryBaseMs: Math.min(deps.config.retryBaseMs, 1_000),
  });
  return sent.ok ? { externalId: sent.externalId, failure: null } : { externalId: null, failure: sent.error };
}

/**
 * The message sent (with the gateway's id; an echo stored meanwhile under that id is dropped) or
 * failed (`sent` null); tells the inbox.
 */
export async function recordSendOutcome(
  deps: EngineDeps,
  convId: string,
  message: MessageRecord,
  sent: { externalId: string | null } | null,
  /** Why it failed, when something better than MANUAL_SEND_FAILED is known. */
  failedBecause?: string,
): Promise<MessageRecord> {
  const externalId = sent?.externalId ?? null;
  const updated = await recordMessageOutcome(
    deps.db,
    convId,
    message,
    externalId,
    sent
      ? { status: 'sent', externalId: externalId ?? message.externalId }
      : { status: 'failed', error: failedBecause ?? MANUAL_SEND_FAILED },
  );
  const events = new PendingRealtimeEvents();
  events.message(updated, 'updated');
  await events.publish(deps);
  return updated;
}
