import { and, eq, sql } from 'drizzle-orm';
import { toConversationDto, toMessageDto } from '../../domain/conversations/conversation-dto.ts';
import { findConversationsByIds } from '../../domain/conversations/conversation-row.ts';
import { conversations, messages, numbers } from '../../db/schema/index.ts';
import type { PixDeps } from './pix-deps.ts';
import { sendOutbound } from '../../domain/outbound/send-outbound.ts';
import { outboundStop } from '../../domain/outbound/outbound-rules.ts';
import { freeTextAllowed } from '../../domain/conversation-rules/service-window.ts';

/** The conversation's WhatsApp address and business number; null when it is not this owner's. */
export async function chatOf(deps: PixDeps, userId: string, convId: string) {
  const [conv] = await deps.db
    .select({
      contactJid: conversations.contactJid,
      contactName: conversations.contactName,
      contactPhone: conversations.contactPhone,
      instanceName: numbers.instanceName,
      numberPhone: numbers.phone,
      provider: numbers.provider,
      customerLastAt: conversations.customerLastAt,
    })
    .from(conversations)
    .innerJoin(numbers, eq(numbers.id, conversations.numberId))
    .where(and(eq(conversations.id, convId), eq(conversations.userId, userId)))
    .limit(1);
  return conv ?? null;
}

type Part = { text: string } | { png: Buffer; caption: string };

/**
 * Sends one message of a Pix charge to the customer as the business (the AI's or the owner's): stored
 * first (pending), shown in the inbox, sent through the gateway, then marked sent or failed. Never
 * throws for a gateway failure (the message shows it failed).
 */
export async function postToChat(
  deps: PixDeps,
  o: { userId: string; convId: string; author: 'ai' | 'owner_app'; part: Part },
): Promise<void> {
  const chat = await chatOf(deps, o.userId, o.convId);
  if (!chat) return;
  const image = 'png' in o.part ? await deps.storage.save(o.userId, o.part.png, { mimetype: 'image/png' }) : null;
  const content = 'png' in o.part ? o.part.caption : o.part.text;
  const [row] = await deps.db
    .insert(messages)
    .values({
      userId: o.userId,
      convId: o.convId,
      direction: 'out',
      content,
      fromMe: true,
      author: o.author,
      messageType: image ? 'image' : 'text',
      status: 'pending',
      mediaUrl: image?.url ?? null,
      mediaMimetype: image ? 'image/png' : null,
      mediaSize: image?.size ?? null,
    })
    .returning();
  await deps.db
    .update(conversations)
    .set({ lastMessage: row!.createdAt, lastMessagePreview: image ? '📷 QR Code Pix' : content.slice(0, 200) })
    .where(eq(conversations.id, o.convId));
  await publish(deps, o.userId, o.convId, row!, 'message.created');
  // Through the one door out (decision 046): a Cloud number outside the 24-hour window sends nothing
  // (the message shows it failed); else one try, an unknown outcome reconciled, never sent twice.
  const closed = outboundStop('pix', { windowClosed: !freeTextAllowed(chat, new Date()) }) === 'window';
  const sent = closed
    ? ({ ok: false, error: new Error('outside the Cloud 24-hour window'), unconfirmed: false } as const)
    : await sendOutbound(deps, {
        origin: 'pix',
        messageId: row!.id,
        instanceName: chat.instanceName,
        to: chat.contactJid,
        text: content,
        image: 'png' in o.part ? { png: o.part.png, fileName: 'pix.png' } : null,
        attempts: 1,
      });
  if (!sent.ok)
    deps.log.warn({ err: sent.error, convId: o.convId }, 'pix: a message to the customer failed at the gateway');
  const status: 'sent' | 'failed' = sent.ok ? 'sent' : 'failed';
  const externalId = sent.ok ? sent.externalId : null;
  const [updated] = await deps.db
    .update(messages)
    .set({
      status: sql`case when ${messages.status} = 'pending' then ${status} else ${messages.status} end`,
      externalId,
    })
    .where(eq(messages.id, row!.id))
    .returning();
  if (updated) await publish(deps, o.userId, o.convId, updated, 'message.updated');
}

async function publish(
  deps: PixDeps,
  userId: string,
  convId: string,
  row: typeof messages.$inferSelect,
  event: 'message.created' | 'message.updated',
) {
  try {
    await deps.realtime.publish(userId, { event, data: toMessageDto(row) });
    const [conv] = await findConversationsByIds(deps.db, [convId]);
    if (conv) await deps.realtime.publish(userId, { event: 'conversation.updated', data: toConversationDto(conv) });
  } catch (err) {
    deps.log.warn({ err }, 'pix: realtime publish failed');
  }
}
