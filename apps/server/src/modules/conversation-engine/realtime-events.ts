import type { RealtimeEvent } from '@vendai/contracts';
import { toConversationDto, toMessageDto } from '../../domain/conversations/conversation-dto.ts';
import {
  type ConversationRow,
  findConversationParties,
  findConversationsWithOwnerPhone,
} from '../../domain/conversations/conversation-repository.ts';
import { isOwnerChannelPhone } from '../../domain/phones/owner-channel.ts';
import type { EngineDeps } from './engine-deps.ts';
import type { MessageRecord } from './engine-repository.ts';

/** Whether a conversation is the owner's channel, when the caller already knows (no query needed). */
export interface Channel {
  ownerChannel: boolean;
}
/** The reply path's conversations: the claim never answers the owner's channel (claim-due-replies.ts). */
export const CUSTOMER_CHAT: Channel = { ownerChannel: false };

/** The owner's channel from a conversation's contact phone and its owner's profile (the one phone rule). */
export const ownerChannelOf = (c: {
  contactPhone: string | null;
  ownerPhone: string | null;
  ownerCountryCode: string | null;
}): boolean => isOwnerChannelPhone(c.contactPhone, { countryCode: c.ownerCountryCode, phone: c.ownerPhone });

/**
 * Realtime events collected during a change and published after its commit (realtime.ts contract):
 * conversations as the inbox's ConversationDto, messages as MessageDto, each to its owner only
 * (a batch may span users). The conversations are read in one query, whatever their number.
 *
 * The owner's channel (the business number's chat with the owner's own phone, decision 048) is never
 * published as a conversation or a message: an open inbox, an attendant's included, would list it until the
 * page reloads. Its changes become one `owner-channel.updated` for the account ('Avisos' reads again). A
 * caller that read the conversation says which it is; otherwise one query of the phones tells.
 */
export class PendingRealtimeEvents {
  private readonly conversations = new Map<string, 'created' | 'updated'>();
  private readonly messages: { row: MessageRecord; action: 'created' | 'updated' }[] = [];
  private readonly conversationRows: { row: ConversationRow & { userId: string }; action: 'created' | 'updated' }[] =
    [];
  /** Conversation id → whether it is the owner's channel, as far as already known. */
  private readonly known = new Map<string, boolean>();

  get size() {
    return this.conversations.size + this.messages.length + this.conversationRows.length;
  }

  /** A conversation already read after the change (no query needed to publish it). */
  conversationRow(row: ConversationRow & { userId: string }, action: 'created' | 'updated', channel: Channel) {
    this.conversationRows.push({ row, action });
    this.known.set(row.id, channel.ownerChannel);
  }

  conversation(convId: string, action: 'created' | 'updated'): this {
    if (this.conversations.get(convId) !== 'created') this.conversations.set(convId, action);
    return this;
  }

  message(row: MessageRecord, action: 'created' | 'updated', channel?: Channel) {
    this.messages.push({ row, action });
    if (channel) this.known.set(row.convId, channel.ownerChannel);
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
    /** Accounts whose owner's channel changed: one `owner-channel.updated` each. */
    const ownerChannels = new Set<string>();
    const rows =
      this.conversations.size > 0 ? await findConversationsWithOwnerPhone(deps.db, [...this.conversations.keys()]) : [];
    for (const row of rows) this.known.set(row.id, ownerChannelOf(row));
    const unknown = [...new Set(this.messages.map((m) => m.row.convId).filter((id) => !this.known.has(id)))];
    if (unknown.length > 0)
      for (const c of await findConversationParties(deps.db, unknown)) this.known.set(c.id, ownerChannelOf(c));
    const shown = (convId: string, accountId: string) => {
      if (this.known.get(convId) !== true) return true;
      ownerChannels.add(accountId);
      return false;
    };

    for (const row of rows) {
      if (!shown(row.id, row.userId)) continue;
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
      if (!shown(row.id, row.userId)) continue;
      events.push({
        userId: row.userId,
        event: {
          event: action === 'created' ? 'conversation.created' : 'conversation.updated',
          data: toConversationDto(row),
        },
      });
    }
    for (const m of this.messages) {
      if (!shown(m.row.convId, m.row.userId)) continue;
      events.push({
        userId: m.row.userId,
        event: { event: m.action === 'created' ? 'message.created' : 'message.updated', data: toMessageDto(m.row) },
      });
    }
    for (const accountId of ownerChannels)
      events.push({ userId: accountId, event: { event: 'owner-channel.updated', data: {} } });
    return events;
  }
}

/** Per hub: the moment the latest publish was handed over (publishes are handed over in call order). */
const handedOver = new WeakMap<object, Promise<void>>();
