import { postponeResume } from '../../../domain/handoff/hand-over.ts';
import { proposeFaqFromHandoff } from '../../../domain/facts/propose-faq.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { MessageDto } from '@vendai/contracts';
import { conversations, messages, numbers } from '../../../db/schema/index.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { toMessageDto } from '../../../domain/conversations/conversation-dto.ts';
import type { EngineDeps } from '../engine-deps.ts';
import { PendingRealtimeEvents } from '../realtime-events.ts';
import { switchAiOff, touchConversation } from '../engine-repository.ts';
import { messagePreview } from '../../../integrations/gateway/map-gateway-message.ts';
import { withRetry } from '../../../lib/retry.ts';

/** The dashboard chat's failure message (docs/product/messages.md). */
export const MANUAL_SEND_FAILED = 'Falha ao enviar mensagem. Tente novamente.';

/**
 * POST /api/conversations/:id/messages: the owner writes from the inbox. The message is stored
 * first (nothing typed is lost), the AI is switched off for the conversation (human takeover,
 * docs/product/ai-replies.md#5-human-takeover), then the gateway sends it; a final gateway failure leaves the message
 * marked failed and answers 502.
 */
export async function sendManualMessage(
  deps: EngineDeps,
  input: { userId: string; convId: string; text: string },
): Promise<MessageDto> {
  const [conv] = await deps.db
    .select({
      id: conversations.id,
      contactJid: conversations.contactJid,
      agenteAtivo: conversations.agenteAtivo,
      instanceName: numbers.instanceName,
    })
    .from(conversations)
    .innerJoin(numbers, eq(numbers.id, conversations.numberId))
    .where(and(eq(conversations.id, input.convId), eq(conversations.userId, input.userId)))
    .limit(1);
  if (!conv) throw notFound();

  const created = new PendingRealtimeEvents();
  const message = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({
        userId: input.userId,
        convId: conv.id,
        direction: 'out',
        content: input.text,
        fromMe: true,
        author: 'owner_app',
        messageType: 'text',
        status: 'pending',
      })
      .returning();
    await touchConversation(tx, conv.id, {
      at: row!.createdAt,
      preview: messagePreview({ type: 'text', content: input.text, media: null }),
      unreadIncrement: 0,
    });
    // Reading the chat to answer it: nothing is unread any more.
    await tx.update(conversations).set({ unreadCount: 0 }).where(eq(conversations.id, conv.id));
    if (conv.agenteAtivo) await switchAiOff(tx, conv.id, { optOut: false, reason: 'manual' });
    else await postponeResume(tx, conv.id); // the owner is still talking: the quiet time starts again
    return row!;
  });
  created.message(message, 'created');
  created.conversation(conv.id, 'updated');
  await created.publish(deps);

  let externalId: string | null = null;
  let failure: unknown = null;
  try {
    const sent = await withRetry(
      () => deps.gateway.sendText(conv.instanceName, { number: conv.contactJid, text: input.text }),
      {
        attempts: 2,
        baseMs: Math.min(deps.config.retryBaseMs, 1_000),
      },
    );
    externalId = sent?.key?.id ?? null;
  } catch (err) {
    failure = err;
  }

  const ok = failure === null;
  const updated = await deps.db.transaction(async (tx) => {
    if (externalId) {
      await tx
        .delete(messages)
        .where(
          and(eq(messages.convId, conv.id), eq(messages.externalId, externalId), sql`${messages.id} <> ${message.id}`),
        );
    }
    const [row] = await tx
      .update(messages)
      .set(
        ok
          ? { status: 'sent', externalId: externalId ?? message.externalId }
          : { status: 'failed', error: MANUAL_SEND_FAILED },
      )
      .where(eq(messages.id, message.id))
      .returning();
    return row!;
  });
  const events = new PendingRealtimeEvents();
  events.message(updated, 'updated');
  await events.publish(deps);
  if (!ok) {
    deps.log.warn({ err: failure, convId: conv.id }, 'engine: manual send failed at the gateway');
    throw new AppError('UPSTREAM', MANUAL_SEND_FAILED, { cause: failure });
  }
  // The owner answered a handed-over conversation: propose it as a FAQ entry (never fails the send).
  await proposeFaqFromHandoff(deps.db, {
    userId: input.userId,
    convId: conv.id,
    answer: input.text,
    answeredAt: message.createdAt,
  }).catch((err: unknown) => deps.log.warn({ err, convId: conv.id }, 'knowledge: FAQ proposal failed'));
  return toMessageDto(updated);
}
