import type { EngineDeps } from '../engine-deps.ts';
import { PendingRealtimeEvents } from '../realtime-events.ts';
import { findConversationByChat } from '../engine-repository.ts';
import { messageRecordFromSql } from '../sql-rows.ts';
import type { IngestOutcome } from './ingest-outcome.ts';
import type { MappedMessage, MessageChange } from '../../../integrations/gateway/map-gateway-message.ts';
import { requiredTargetFromMe } from '../../../domain/conversations/change-author.ts';
import { applyChangeRows } from './message-change-repository.ts';

/** The conversation list's preview of a message deleted for everyone. */
export const DELETED_PREVIEW = 'Mensagem apagada';

/**
 * A reaction, a deletion for everyone or an edit (docs/decisions/005-conversation-engine.md): never a turn of the conversation
 * (no AI reply, no unread, no bubble of its own). It changes the message it refers to, in the same
 * conversation: the reaction is kept on it (the customer's or the owner's, per side; an empty
 * reaction removes it), a deletion marks it deleted, an edit replaces its text and marks it edited.
 * The conversation's preview follows when that message is its latest. Idempotent (a replay writes
 * the same values). A change to a message we never stored is dropped, and so is an edit or a deletion
 * by someone other than the message's author (domain/conversations/change-author.ts): the event stays
 * stored in gateway_events, its outcome 'ignored'.
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

  const preview =
    change.kind === 'revoke'
      ? DELETED_PREVIEW
      : change.kind === 'edit' && change.content
        ? change.content.replace(/\s+/g, ' ').trim().slice(0, 120)
        : null;

  const author = requiredTargetFromMe(change.kind, msg.fromMe);
  const rows = await applyChangeRows(deps.db, conv, change, msg, preview, author);
  const row = rows[0];
  if (!row) {
    if (author !== null)
      deps.log.info(
        { convId: conv.id, targetId: change.targetId, kind: change.kind, fromMe: msg.fromMe },
        'engine: a change to a message that is not its sender’s own (or unknown) was ignored',
      );
    return 'ignored';
  }
  const events = new PendingRealtimeEvents();
  events.message(messageRecordFromSql(row), 'updated');
  if (Number(row.preview_changed) > 0) events.conversation(conv.id, 'updated');
  await events.publish(deps);
  return 'updated';
}
