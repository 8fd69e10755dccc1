import { sql } from 'drizzle-orm';
import type { EngineDeps } from './engine-deps.ts';
import { PendingRealtimeEvents } from './realtime-events.ts';
import { findConversationByChat, messageRecordFromSql, rowsOf } from './engine-repository.ts';
import type { IngestOutcome } from './ingest-outcome.ts';
import type { MappedMessage, MessageChange } from './map-gateway-message.ts';

/** The conversation list's preview of a message deleted for everyone. */
export const DELETED_PREVIEW = 'Mensagem apagada';

/**
 * A reaction, a deletion for everyone or an edit (issue 13 item 2): never a turn of the conversation
 * (no AI reply, no unread, no bubble of its own). It changes the message it refers to, in the same
 * conversation: the reaction is kept on it (the customer's or the owner's, per side; an empty
 * reaction removes it), a deletion marks it deleted, an edit replaces its text and marks it edited.
 * The conversation's preview follows when that message is its latest. Idempotent (a replay writes
 * the same values). A change to a message we never stored is dropped.
 */
export async function applyMessageChange(
  deps: EngineDeps,
  numberId: string,
  msg: MappedMessage,
  change: MessageChange,
): Promise<IngestOutcome> {
  if (change.kind === 'other') return 'ignored';
  const conv = await findConversationByChat(deps.db, numberId, msg.chat);
  if (!conv) return 'ignored';

  const set =
    change.kind === 'reaction'
      ? msg.fromMe
        ? sql`owner_reaction = ${change.emoji}`
        : sql`contact_reaction = ${change.emoji}`
      : change.kind === 'revoke'
        ? sql`deleted_at = coalesce(deleted_at, now())`
        : sql`content = coalesce(${change.content}, content), edited_at = coalesce(edited_at, now())`;
  const preview =
    change.kind === 'revoke'
      ? DELETED_PREVIEW
      : change.kind === 'edit' && change.content
        ? change.content.replace(/\s+/g, ' ').trim().slice(0, 120)
        : null;

  const rows = rowsOf<Record<string, any>>(
    await deps.db.execute(sql`
      with m as (
        update messages set ${set}
        where conv_id = ${conv.id} and external_id = ${change.targetId}
        returning *),
      c as (
        update conversations x set last_message_preview = ${preview}
        from m where ${preview}::text is not null and x.id = m.conv_id and x.last_message = m.created_at
        returning x.id)
      select m.*, (select count(*) from c)::int as preview_changed from m`),
  );
  const row = rows[0];
  if (!row) return 'ignored';
  const events = new PendingRealtimeEvents();
  events.message(messageRecordFromSql(row), 'updated');
  if (Number(row.preview_changed) > 0) events.conversation(conv.id, 'updated');
  await events.publish(deps);
  return 'updated';
}
