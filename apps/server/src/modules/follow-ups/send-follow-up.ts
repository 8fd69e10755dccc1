import { sql } from 'drizzle-orm';
import { resultRows } from '../../db/rows.ts';
import { messages } from '../../db/schema/index.ts';
import { toConversationDto, toMessageDto } from '../../domain/conversations/conversation-dto.ts';
import { findConversationsByIds } from '../../domain/conversations/conversation-row.ts';
import type { FollowUpDeps, OutgoingText } from './follow-up-deps.ts';
import type { FollowUpRow } from './follow-up-context.ts';
import { FOLLOW_UP_REASONS } from './follow-up-reasons.ts';
import { tripBreakerIfDue } from './follow-up-guards.ts';

type MessageRecord = typeof messages.$inferSelect;

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
    const [last] = resultRows<{ id: string; direction: string; created_at: Date | string }>(
      await tx.execute(sql`
        select m.id, m.direction, m.created_at from conversations c
        left join lateral (select id, direction, created_at from messages where conv_id = c.id
                           order by created_at desc, id desc limit 1) m on true
        where c.id = ${f.conv_id} for update of c`),
    );
    if (f.kind === 'touch' && last?.id !== f.anchor_message_id) return null;
    if (
      f.kind === 'scheduled' &&
      f.cancel_on_reply &&
      last?.direction === 'in' &&
      new Date(last.created_at) > new Date(f.created_at)
    )
      return null;
    const [message] = await tx
      .insert(messages)
      .values({
        userId: f.user_id,
        convId: f.conv_id,
        direction: 'out',
        content: text,
        fromMe: true,
        author: f.kind === 'touch' ? 'ai' : 'owner_app',
        messageType: 'text',
        status: 'pending',
        // The follow-up's clock (the ladder counts the next gap from this message).
        createdAt: deps.now(),
      })
      .returning();
    const marked = resultRows<{ id: string }>(
      await tx.execute(sql`
        update follow_ups set message_id = ${message!.id}, text = ${text}, sent_at = ${message!.createdAt.toISOString()}::timestamptz,
          updated_at = now()
        where id = ${f.id} and claim_token = ${token} and state = 'sending' returning id`),
    );
    if (marked.length === 0) throw new Error('follow-up claim lost');
    await tx.execute(sql`
      update conversations set last_message = greatest(last_message, ${message!.createdAt.toISOString()}::timestamptz),
        last_message_preview = ${text.slice(0, 100)}
      where id = ${f.conv_id}`);
    return message!;
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
    if (sent && outcome.externalId)
      await tx.execute(sql`
        delete from messages where conv_id = ${f.conv_id} and external_id = ${outcome.externalId} and id <> ${messageId}`);
    const [row] = await tx
      .update(messages)
      .set(
        sent
          ? { status: 'sent', ...(outcome.externalId ? { externalId: outcome.externalId } : {}) }
          : { status: 'failed', error: outcome.error },
      )
      .where(sql`${messages.id} = ${messageId} and ${messages.status} in ('pending', 'failed')`)
      .returning();
    await tx.execute(sql`
      update follow_ups set state = ${sent ? 'sent' : 'failed'}, reason = ${sent ? null : outcome.error},
        claim_token = null, updated_at = now()
      where id = ${f.id} and claim_token = ${token}`);
    return row ?? null;
  });
  if (message) await publish(deps, f.user_id, f.conv_id, message);
  if (!sent && f.kind === 'touch') await tripBreakerIfDue(deps, f);
}

/** The inbox hears of the message and its conversation (best effort, after the commit). */
export async function publish(deps: FollowUpDeps, userId: string, convId: string, message: MessageRecord | null) {
  try {
    if (message)
      await deps.realtime.publish(userId, {
        event: message.status === 'pending' ? 'message.created' : 'message.updated',
        data: toMessageDto(message),
      });
    const [conv] = await findConversationsByIds(deps.db, [convId]);
    if (conv) await deps.realtime.publish(userId, { event: 'conversation.updated', data: toConversationDto(conv) });
  } catch (err) {
    deps.log.warn({ err }, 'follow-ups: realtime publish failed');
  }
}
