import type { RealtimeEvent } from '@vendai/contracts';
import { toConversationDto, toMessageDto } from '../conversations/conversation-dto.ts';
import { findConversationOfUser } from '../conversations/conversations-repository.ts';
import type { EngineDeps } from './engine-deps.ts';
import type { MessageRecord } from './engine-repository.ts';

/**
 * Realtime events collected during a change and published after its commit (realtime.ts contract):
 * conversations as the inbox's ConversationDto, messages as MessageDto, to the owning user only.
 */
export class PendingEvents {
  private readonly conversations = new Map<string, 'created' | 'updated'>();
  private readonly messages: { row: MessageRecord; action: 'created' | 'updated' }[] = [];

  constructor(private readonly userId: string) {}

  conversation(convId: string, action: 'created' | 'updated') {
    if (this.conversations.get(convId) === 'created') return;
    this.conversations.set(convId, action);
  }

  message(row: MessageRecord, action: 'created' | 'updated') {
    this.messages.push({ row, action });
  }

  async publish(deps: Pick<EngineDeps, 'db' | 'realtime' | 'log'>): Promise<void> {
    try {
      const events: RealtimeEvent[] = [];
      for (const [convId, action] of this.conversations) {
        const row = await findConversationOfUser(deps.db, this.userId, convId);
        if (row) events.push({ event: action === 'created' ? 'conversation.created' : 'conversation.updated', data: toConversationDto(row) });
      }
      for (const m of this.messages) {
        events.push({ event: m.action === 'created' ? 'message.created' : 'message.updated', data: toMessageDto(m.row) });
      }
      for (const event of events) await deps.realtime.publish(this.userId, event);
    } catch (err) {
      // Realtime is best-effort: clients refetch on reconnect. The change itself is committed.
      deps.log.warn({ err }, 'engine: realtime publish failed');
    }
  }
}
