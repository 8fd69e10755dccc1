import { toConversationDto, toMessageDto } from '../../domain/conversations/conversation-dto.ts';
import { findConversationsByIds } from '../../domain/conversations/conversation-repository.ts';
import type { FollowUpDeps, OutgoingText } from './follow-up-deps.ts';
import { FOLLOW_UP_REASONS } from './follow-up-reasons.ts';
import { tripBreakerIfDue } from './follow-up-guards.ts';
import {
  deleteEchoOf,
  type FollowUpRow,
  insertPendingMessage,
  lockLastMessage,
  markFollowUpInFlight,
  type MessageRecord,
  settleFollowUp,
  settleMessage,
  touchConversationPreview,
} from './follow-ups-repository.ts';

/**
 * Stores the follow-up's message as pending, pointed at by the follow-up (in flight), in one
 * transaction that holds the conversation row and checks once more that nobody wrote since the
 * decision (the customer's message stops a touch at once). Null when it must not go any more.
 */
export async function storeOutgoing(
  deps: FollowUpDeps,
  f: FollowUpRow,
  text: string,
  token: string,
): Promise<MessageRecord | null> {
  return deps.db.transaction(async (tx) => {
    const last = await lockLastMessage(tx, f.conv_id);
    if (f.kind === 'touch' && last?.id !== f.anchor_message_id) return null;
    if (
      f.kind === 'scheduled' &&
      f.cancel_on_reply &&
      last?.direction === 'in' &&
      new Date(last.created_at) > new Date(f.created_at)
    )
      return null;
    const message = await insertPendingMessage(tx, {
      accountId: f.user_id,
      convId: f.conv_id,
      content: text,
      author: f.kind === 'touch' ? 'ai' : 'owner_app',
      // The follow-up's clock (the ladder counts the next gap from this message).
      createdAt: deps.now(),
    });
    const marked = await markFollowUpInFlight(tx, {
      id: f.id,
      token,
      messageId: message.id,
      text,
      sentAt: message.createdAt,
    });
    if (!marked) throw new Error('follow-up claim lost');
    await touchConversationPreview(tx, f.conv_id, message.createdAt, text.slice(0, 100));
    return message;
  });
}

/**
 * Sends the stored message through the engine's reconciled send and records the outcome. 'refused':
 * the gateway surely did not take it (not an unconfirmed send).
 */
export async function sendStored(
  deps: FollowUpDeps,
  f: FollowUpRow,
  out: OutgoingText,
  token: string,
): Promise<'sent' | 'refused' | 'unconfirmed'> {
  const result = await deps.sender.send(out);
  const ok = result.ok;
  const reason = result.ok ? null : result.unconfirmed ? FOLLOW_UP_REASONS.unconfirmed : FOLLOW_UP_REASONS.sendFailed;
  await recordOutcome(deps, f, out.messageId, token, ok ? { externalId: result.externalId } : { error: reason! });
  return result.ok ? 'sent' : result.unconfirmed ? 'unconfirmed' : 'refused';
}

/** The message sent (its gateway id; an echo stored meanwhile under that id is dropped) or failed; the follow-up with it. */
export async function recordOutcome(
  deps: FollowUpDeps,
  f: FollowUpRow,
  messageId: string,
  token: string,
  outcome: { externalId: string | null } | { error: string },
): Promise<void> {
  const sent = 'externalId' in outcome;
  const message = await deps.db.transaction(async (tx) => {
    if (sent && outcome.externalId) await deleteEchoOf(tx, f.conv_id, outcome.externalId, messageId);
    const row = await settleMessage(tx, messageId, outcome);
    await settleFollowUp(tx, { id: f.id, token, sent, reason: sent ? null : outcome.error });
    return row;
  });
  if (message) await publish(deps, f.user_id, f.conv_id, message);
  if (!sent && f.kind === 'touch') await tripBreakerIfDue(deps, f);
}

/** The inbox hears of the message and its conversation (best effort, after the commit). */
export async function publish(deps: FollowUpDeps, accountId: string, convId: string, message: MessageRecord | null) {
  try {
    if (message)
      await deps.realtime.publish(accountId, {
        event: message.status === 'pending' ? 'message.created' : 'message.updated',
        data: toMessageDto(message),
      });
    const [conv] = await findConversationsByIds(deps.db, [convId]);
    if (conv) await deps.realtime.publish(accountId, { event: 'conversation.updated', data: toConversationDto(conv) });
  } catch (err) {
    deps.log.warn({ err }, 'follow-ups: realtime publish failed');
  }
}
