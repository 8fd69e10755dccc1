import { toConversationDto, toMessageDto } from '../../domain/conversations/conversation-dto.ts';
import { findConversationsByIds } from '../../domain/conversations/conversation-repository.ts';
import type { PixDeps } from './pix-deps.ts';
import { SEND_UNCONFIRMED, sendOutbound } from '../../domain/outbound/send-outbound.ts';
import { outboundStop } from '../../domain/outbound/outbound-rules.ts';
import { freeTextAllowed } from '../../domain/conversation-rules/service-window.ts';
import { lookUpSend } from '../../domain/outbound/reconcile-send.ts';
import {
  insertPendingMessage,
  type MessageRow,
  selectChat,
  selectMessage,
  settleMessageRow,
} from './pix-chat-repository.ts';

/** The conversation's WhatsApp address and business number; null when it is not this owner's. */
export async function chatOf(deps: PixDeps, accountId: string, convId: string) {
  return selectChat(deps.db, accountId, convId);
}

type Part = { text: string } | { png: Buffer; caption: string };

/**
 * Sends one message of a Pix charge to the customer as the business (the AI's or the owner's): stored
 * first (pending), shown in the inbox, sent through the gateway, then marked sent or failed. Never
 * throws for a gateway failure (the message shows it failed).
 *
 * With `id` (a charge's messages, charge-order.ts) the message is stored once under that id: when a
 * row already has it, a sent or failed one is left alone, and a pending one — its sender was killed
 * mid-send, and the caller now holds the order's claim — is settled with the gateway as a reply's
 * interrupted part is (recovery/settle-interrupted-part.ts): the gateway has it → sent; its record
 * provably lacks it → sent now; it cannot tell → failed as unconfirmed, never sent twice.
 */
export async function postToChat(
  deps: PixDeps,
  o: { accountId: string; convId: string; author: 'ai' | 'owner_app'; part: Part; id?: string },
): Promise<void> {
  const chat = await chatOf(deps, o.accountId, o.convId);
  if (!chat) return;
  const content = 'png' in o.part ? o.part.caption : o.part.text;
  if (o.id) {
    const stored = await selectMessage(deps.db, o.id);
    if (stored) return stored.status === 'pending' ? settleInterrupted(deps, o, chat, stored) : undefined;
  }
  const image = 'png' in o.part ? await deps.storage.save(o.accountId, o.part.png, { mimetype: 'image/png' }) : null;
  const row = await insertPendingMessage(deps.db, {
    id: o.id,
    accountId: o.accountId,
    convId: o.convId,
    content,
    author: o.author,
    image,
    preview: image ? '📷 QR Code Pix' : content.slice(0, 200),
  });
  await publish(deps, o.accountId, o.convId, row, 'message.created');
  await sendStored(deps, o, chat, row.id, content);
}

type Chat = NonNullable<Awaited<ReturnType<typeof chatOf>>>;
type PostInput = { accountId: string; convId: string; part: Part };

/** Sends a stored pending message through the one door out, then marks it sent or failed. */
async function sendStored(deps: PixDeps, o: PostInput, chat: Chat, messageId: string, content: string) {
  // Through the one door out (decision 046): a Cloud number outside the 24-hour window sends nothing
  // (the message shows it failed); else one try, an unknown outcome reconciled, never sent twice.
  const closed = outboundStop('pix', { windowClosed: !freeTextAllowed(chat, new Date()) }) === 'window';
  const sent = closed
    ? ({ ok: false, error: new Error('outside the Cloud 24-hour window'), unconfirmed: false } as const)
    : await sendOutbound(deps, {
        origin: 'pix',
        messageId,
        instanceName: chat.instanceName,
        to: chat.contactJid,
        text: content,
        image: 'png' in o.part ? { png: o.part.png, fileName: 'pix.png' } : null,
        attempts: 1,
      });
  if (!sent.ok)
    deps.log.warn({ err: sent.error, convId: o.convId }, 'pix: a message to the customer failed at the gateway');
  await settle(deps, o, messageId, sent.ok ? { status: 'sent', externalId: sent.externalId } : { status: 'failed' });
}

/** A pending message whose sender was killed mid-send: settled with the gateway, sent only if it provably lacks it. */
async function settleInterrupted(deps: PixDeps, o: PostInput, chat: Chat, stored: MessageRow): Promise<void> {
  const content = stored.content ?? '';
  const verdict = stored.externalId
    ? { externalId: stored.externalId }
    : await lookUpSend(
        deps,
        {
          messageId: stored.id,
          instanceName: chat.instanceName,
          contactJid: chat.contactJid,
          text: content,
          image: stored.messageType === 'image',
        },
        stored.createdAt.getTime(),
      );
  deps.log.warn({ messageId: stored.id, verdict }, 'pix: an interrupted message settled');
  if (verdict === 'absent') return sendStored(deps, o, chat, stored.id, content);
  await settle(
    deps,
    o,
    stored.id,
    verdict === 'unknown' ? { status: 'failed', error: SEND_UNCONFIRMED } : { status: 'sent', ...verdict },
  );
}

async function settle(
  deps: PixDeps,
  o: PostInput,
  messageId: string,
  outcome: { status: 'sent' | 'failed'; externalId?: string | null; error?: string },
) {
  const updated = await settleMessageRow(deps.db, messageId, outcome);
  if (updated) await publish(deps, o.accountId, o.convId, updated, 'message.updated');
}

async function publish(
  deps: PixDeps,
  accountId: string,
  convId: string,
  row: MessageRow,
  event: 'message.created' | 'message.updated',
) {
  try {
    await deps.realtime.publish(accountId, { event, data: toMessageDto(row) });
    const [conv] = await findConversationsByIds(deps.db, [convId]);
    if (conv) await deps.realtime.publish(accountId, { event: 'conversation.updated', data: toConversationDto(conv) });
  } catch (err) {
    deps.log.warn({ err }, 'pix: realtime publish failed');
  }
}
