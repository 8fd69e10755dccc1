import type { RealtimeEvent } from '@vendai/contracts';
import { toConversationDto, toMessageDto } from '../conversations/conversation-dto.ts';
import { findConversationsByIds } from '../conversations/conversations-repository.ts';
import type { EngineDeps } from './engine-deps.ts';
import type { MessageRecord } from './engine-repository.ts';

/**
 * Realtime events collected during a change and published after its commit (realtime.ts contract):
 * conversations as the inbox's ConversationDto, messages as MessageDto, each to its owner only
 * (a batch may span users). The conversations are read in one query, whatever their number.
 */
export class PendingEvents {
  private readonly conversations = new Map<string, 'created' | 'updated'>();
  private readonly messages: { row: MessageRecord; action: 'created' | 'updated' }[] = [];

  get size() {
    return this.conversations.size + this.messages.length;
  }

  conversation(convId: string, action: 'created' | 'updated') {
    if (this.conversations.get(convId) === 'created') return;
    this.conversations.set(convId, action);
  }

  message(row: MessageRecord, action: 'created' | 'updated') {
    this.messages.push({ row, action });
  }

  async publish(deps: Pick<EngineDeps, 'db' | 'realtime' | 'log'>): Promise<void> {
    if (this.size === 0) return;
    try {
      const events: { userId: string; event: RealtimeEvent }[] = [];
      const rows = await findConversationsByIds(deps.db, [...this.conversations.keys()]);
      for (const row of rows) {
        const action = this.conversations.get(row.id)!;
        events.push({ userId: row.userId, event: { event: action === 'created' ? 'conversation.created' : 'conversation.updated', data: toConversationDto(row) } });
      }
      for (const m of this.messages) {
        events.push({ userId: m.row.userId, event: { event: m.action === 'created' ? 'message.created' : 'message.updated', data: toMessageDto(m.row) } });
      }
      // The hub sends publishes made while a NOTIFY is in flight together: no need to await each.
      await Promise.all(events.map((e) => deps.realtime.publish(e.userId, e.event)));
    } catch (err) {
      // Realtime is best-effort: clients refetch on reconnect. The change itself is committed.
      deps.log.warn({ err }, 'engine: realtime publish failed');
    }
  }
}
