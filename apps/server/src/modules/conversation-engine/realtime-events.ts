import type { RealtimeEvent } from '@vendai/contracts';
import { toConversationDto, toMessageDto } from '../../domain/conversations/conversation-dto.ts';
import { type ConversationRow, findConversationsByIds } from '../../domain/conversations/conversation-row.ts';
import type { EngineDeps } from './engine-deps.ts';
import type { MessageRecord } from './engine-repository.ts';

/**
 * Realtime events collected during a change and published after its commit (realtime.ts contract):
 * conversations as the inbox's ConversationDto, messages as MessageDto, each to its owner only
 * (a batch may span users). The conversations are read in one query, whatever their number.
 */
export class PendingRealtimeEvents {
  private readonly conversations = new Map<string, 'created' | 'updated'>();
  private readonly messages: { row: MessageRecord; action: 'created' | 'updated' }[] = [];
  private readonly conversationRows: { row: ConversationRow & { userId: string }; action: 'created' | 'updated' }[] =
    [];

  get size() {
    return this.conversations.size + this.messages.length + this.conversationRows.length;
  }

  /** A conversation already read after the change (no query needed to publish it). */
  conversationRow(row: ConversationRow & { userId: string }, action: 'created' | 'updated' = 'updated') {
    this.conversationRows.push({ row, action });
  }

  conversation(convId: string, action: 'created' | 'updated'): this {
    if (this.conversations.get(convId) !== 'created') this.conversations.set(convId, action);
    return this;
  }

  message(row: MessageRecord, action: 'created' | 'updated') {
    this.messages.push({ row, action });
  }

  /**
   * Publishes after the change's commit. Publishes of one hub are handed over in the order they
   * were called (a later change never overtakes an earlier one on the wire), yet their NOTIFYs still
   * go out together; resolves when this one's NOTIFY is done. Never throws: realtime is
   * best-effort, clients refetch when they reconnect, and the change itself is committed.
   */
  publish(deps: Pick<EngineDeps, 'db' | 'realtime' | 'log'>): Promise<void> {
    if (this.size === 0) return Promise.resolve();
    const prepared = this.prepare(deps);
    const previous = handedOver.get(deps.realtime) ?? Promise.resolve();
    const handover = previous
      .then(() => prepared)
      .then((events) => events.map((e) => deps.realtime.publish(e.userId, e.event)));
    const tail = handover.then(
      () => undefined,
      () => undefined,
    );
    handedOver.set(deps.realtime, tail);
    return handover
      .then((sent) => Promise.all(sent))
      .then(
        () => undefined,
        (err) => deps.log.warn({ err }, 'engine: realtime publish failed'),
      );
  }

  private async prepare(deps: Pick<EngineDeps, 'db'>): Promise<{ userId: string; event: RealtimeEvent }[]> {
    const events: { userId: string; event: RealtimeEvent }[] = [];
    const rows =
      this.conversations.size > 0 ? await findConversationsByIds(deps.db, [...this.conversations.keys()]) : [];
    for (const row of rows) {
      const action = this.conversations.get(row.id)!;
      events.push({
        userId: row.userId,
        event: {
          event: action === 'created' ? 'conversation.created' : 'conversation.updated',
          data: toConversationDto(row),
        },
      });
    }
    for (const { row, action } of this.conversationRows) {
      events.push({
        userId: row.userId,
        event: {
          event: action === 'created' ? 'conversation.created' : 'conversation.updated',
          data: toConversationDto(row),
        },
      });
    }
    for (const m of this.messages) {
      events.push({
        userId: m.row.userId,
        event: { event: m.action === 'created' ? 'message.created' : 'message.updated', data: toMessageDto(m.row) },
      });
    }
    return events;
  }
}

/** Per hub: the moment the latest publish was handed over (publishes are handed over in call order). */
const handedOver = new WeakMap<object, Promise<void>>();
