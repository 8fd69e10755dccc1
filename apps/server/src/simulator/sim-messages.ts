import {
  createJid,
  isGroupJid,
  isLidJid,
  isPlausiblePhone,
  isUserJid,
  newWebMessageId,
  phoneOf,
  sourceOf,
} from './jid.ts';
import { type BuiltContent, mediaOf } from './message-content.ts';
import { sentMediaContent } from './sent-media.ts';
import * as messagesRepo from './simulator-messages-repository.ts';
import * as repo from './simulator-repository.ts';
import type { SimChat, SimInstance, SimMessage } from './simulator-repository.ts';
import type { Json, SimContext } from './simulator-context.ts';
import { badRequest, SimError } from './sim-error.ts';

/** The raw message Evolution puts in messages.upsert / send.message (docs/evolution-api-contract.md#4-jids-groups-lid-number-formatting). */
export function messageRaw(instance: SimInstance, message: SimMessage, key: Json, includeBase64: boolean): Json {
  const content = { ...message.content };
  if (includeBase64 && message.mediaBase64 && mediaOf(content)) content.base64 = message.mediaBase64;
  return {
    key,
    pushName: message.pushName ?? (message.fromMe ? 'Você' : undefined),
    status: message.status,
    message: content,
    messageType: message.messageType,
    messageTimestamp: message.timestamp,
    instanceId: instance.id,
    source: sourceOf(message.keyId),
  };
}

export type DeliveryFault = 'pending' | 'error';

/** messages.update for one message (SERVER_ACK, DELIVERY_ACK, READ, ERROR). */
export function emitStatusUpdate(ctx: SimContext, instance: SimInstance, message: SimMessage, status: string) {
  ctx.emit(instance, 'messages.update', {
    keyId: message.keyId,
    remoteJid: message.remoteJid,
    fromMe: message.fromMe,
    participant: message.participant ?? undefined,
    status,
    instanceId: instance.id,
    messageId: message.id,
  });
}

/** Evolution's REST surface for messages and chats (docs/evolution-api-contract.md#27-post-messagesendtextname--201). */
export function createMessagesApi(ctx: SimContext, instanceOr404: (name: string) => Promise<SimInstance>) {
  const { db, timing, emit } = ctx;

  /**
   * Delivery faults queued for an instance's next sends (the page's 'Simular falha de entrega', tests):
   * 'pending' — the message stays PENDING and no receipt ever comes, as WhatsApp's reach-out time-lock
   * (error 463) leaves sends from Evolution 2.3.7 / Baileys 7.0.0-rc.9; 'error' — a messages.update with
   * status ERROR instead of SERVER_ACK. Kept in this process's memory (a test and demo aid).
   */
  const deliveryFaults = new Map<string, DeliveryFault[]>();

  /** PENDING → SERVER_ACK → DELIVERY_ACK for a message the business sent (READ comes when the page opens the chat). */
  function scheduleAcks(instanceName: string, messageId: string) {
    const fault = deliveryFaults.get(instanceName)?.shift();
    if (fault === 'pending') return;
    if (fault === 'error') {
      ctx.later(timing.ackDelayMs, async () => {
        const message = await messagesRepo.findMessageById(db, messageId);
        const instance = await repo.findInstance(db, instanceName);
        if (!message || !instance) return;
        await messagesRepo.setMessageStatus(db, message.id, 'ERROR');
        emitStatusUpdate(ctx, instance, message, 'ERROR');
      });
      return;
    }
    const step = (status: string, next?: () => void) =>
      ctx.later(timing.ackDelayMs, async () => {
        const message = await messagesRepo.findMessageById(db, messageId);
        const instance = await repo.findInstance(db, instanceName);
        if (!message || !instance || message.status === 'READ') return;
        await messagesRepo.setMessageStatus(db, message.id, status);
        emitStatusUpdate(ctx, instance, message, status);
        next?.();
      });
    step('SERVER_ACK', () => step('DELIVERY_ACK'));
  }

  /** Resolves `number` to the chat the business writes to (docs/evolution-api-contract.md#27-post-messagesendtextname--201 pre-checks). */
  async function chatForSend(instance: SimInstance, number: string): Promise<{ chat: SimChat; jid: string }> {
    const jid = createJid(number);
    if (isGroupJid(jid)) {
      const chat = await repo.findChatByJid(db, instance.id, jid);
      if (!chat) throw new SimError(404, ['Group not found']);
      return { chat, jid };
    }
    if (isLidJid(jid)) {
      // LIDs skip the existence check; an unknown one becomes a chat of its own.
      const existing = await repo.findChatByJid(db, instance.id, jid);
      if (existing) return { chat: existing, jid };
      const { chat } = await repo.upsertChat(db, { instanceId: instance.id, remoteJid: jid, isGroup: false });
      return { chat, jid };
    }
    const digits = phoneOf(jid);
    if (!isUserJid(jid) || !digits || !isPlausiblePhone(digits)) {
      throw new SimError(400, [{ jid, exists: false, number }]);
    }
    const { chat } = await repo.upsertChat(db, { instanceId: instance.id, remoteJid: jid, isGroup: false });
    return { chat, jid };
  }

  async function showPresence(chat: SimChat, presence: string, ms: number) {
    if (ms <= 0) return;
    await repo.setPresence(db, chat.id, presence, new Date(Date.now() + ms));
    await ctx.sleep(ms);
    await repo.setPresence(db, chat.id, null, null);
  }

  /** Stores a message the business sends, echoes it (send.message) and schedules its acks. */
  async function sendOwn(instance: SimInstance, number: string, delayValue: unknown, built: BuiltContent) {
    const delay = typeof delayValue === 'number' && delayValue > 0 ? Math.min(delayValue, 5 * 60_000) : 0;
    const { chat, jid } = await chatForSend(instance, number);
    await showPresence(chat, 'composing', delay);
    const message = await messagesRepo.insertMessage(db, {
      instanceId: instance.id,
      chatId: chat.id,
      keyId: newWebMessageId(),
      remoteJid: jid,
      fromMe: true,
      pushName: null,
      messageType: built.messageType,
      content: built.content,
      mediaBase64: built.mediaBase64,
      status: 'PENDING',
      timestamp: Math.floor(Date.now() / 1000),
    });
    const raw = messageRaw(instance, message, { remoteJid: jid, fromMe: true, id: message.keyId }, false);
    emit(instance, 'send.message', raw);
    scheduleAcks(instance.name, message.id);
    return raw;
  }

  return {
    /** Queues `count` delivery faults for the instance's next sends; answers how many are queued. */
    async queueDeliveryFaults(name: string, fault: DeliveryFault, count: number) {
      const instance = await instanceOr404(name);
      const queue = deliveryFaults.get(instance.name) ?? [];
      for (let i = 0; i < count; i++) queue.push(fault);
      deliveryFaults.set(instance.name, queue);
      return { pendingFaults: queue.length };
    },

    async sendText(name: string, body: Json) {
      const instance = await instanceOr404(name);
      if (typeof body.number !== 'string' || !body.number.trim()) throw badRequest('number is required');
      if (typeof body.text !== 'string' || !body.text.trim()) throw badRequest('Text is required');
      if (instance.state !== 'open') throw badRequest('Connection Closed');
      const built = { messageType: 'conversation', content: { conversation: body.text }, mediaBase64: null };
      return sendOwn(instance, body.number, body.delay, built);
    },

    /** POST /message/sendMedia (JSON): an image, video, document or audio from the business. */
    async sendMedia(name: string, body: Json) {
      const instance = await instanceOr404(name);
      if (typeof body.number !== 'string' || !body.number.trim()) throw badRequest('number is required');
      const built = await sentMediaContent(body, `${ctx.serverUrl}/mmg`);
      if (instance.state !== 'open') throw badRequest('Connection Closed');
      return sendOwn(instance, body.number, body.delay, built);
    },

    async sendPresence(name: string, body: Json) {
      const instance = await instanceOr404(name);
      const presences = ['composing', 'recording', 'paused', 'available', 'unavailable'];
      if (typeof body.number !== 'string' || !body.number) throw badRequest('number is required');
      if (typeof body.presence !== 'string' || !presences.includes(body.presence))
        throw badRequest(`presence must be one of ${presences.join(', ')}`);
      if (typeof body.delay !== 'number') throw badRequest('delay is required');
      if (instance.state !== 'open') throw badRequest('Connection Closed');
      const { chat } = await chatForSend(instance, body.number);
      if (body.presence === 'composing' || body.presence === 'recording')
        await showPresence(chat, body.presence, Math.min(body.delay, 5 * 60_000));
      return { presence: body.presence };
    },

    async markMessageAsRead(name: string, body: Json) {
      const instance = await instanceOr404(name);
      const list = body.readMessages;
      if (!Array.isArray(list)) throw badRequest('readMessages is required');
      for (const k of list as Json[]) {
        if (typeof k?.remoteJid !== 'string' || typeof k?.fromMe !== 'boolean' || typeof k?.id !== 'string') {
          throw badRequest('readMessages items need remoteJid, fromMe and id');
        }
      }
      // 2.3.x drops keys that are not @g.us or @s.whatsapp.net: @lid chats are not marked read (docs/evolution-api-contract.md#211-presence-and-read-receipts).
      const ids = (list as { remoteJid: string; id: string }[])
        .filter((k) => isGroupJid(k.remoteJid) || isUserJid(k.remoteJid))
        .map((k) => k.id);
      await messagesRepo.markIncomingRead(db, instance.id, ids);
      return { message: 'Read messages', read: 'success' };
    },

    /**
     * POST /chat/findMessages: the instance's stored messages of a chat, newest first, in 2.3.x's
     * paged envelope {messages:{total, pages, currentPage, records}}. Honours where.key.remoteJid,
     * fromMe and id; `offset` is the page size (default 50).
     */
    async findMessages(name: string, body: Json) {
      const instance = await instanceOr404(name);
      const where = (body.where && typeof body.where === 'object' ? body.where : {}) as Json;
      const key = (where.key && typeof where.key === 'object' ? where.key : {}) as Json;
      const jid = typeof key.remoteJid === 'string' && key.remoteJid ? createJid(key.remoteJid) : null;
      const chat = jid ? await repo.findChatByJid(db, instance.id, jid) : null;
      const all = chat ? (await messagesRepo.listMessages(db, chat.id, 1000)).reverse() : [];
      const rows = all.filter(
        (m) =>
          (typeof key.fromMe === 'boolean' ? m.fromMe === key.fromMe : true) &&
          (typeof key.id === 'string' ? m.keyId === key.id : true),
      );
      const take = typeof body.offset === 'number' && body.offset > 0 ? body.offset : 50;
      const page = typeof body.page === 'number' && body.page > 0 ? body.page : 1;
      const records = rows
        .slice(take * (page - 1), take * page)
        .map((m) => messageRaw(instance, m, { remoteJid: m.remoteJid, fromMe: m.fromMe, id: m.keyId }, false));
      return { messages: { total: rows.length, pages: Math.ceil(rows.length / take), currentPage: page, records } };
    },

    async findContacts(name: string, body: Json) {
      const instance = await instanceOr404(name);
      const where = (body.where && typeof body.where === 'object' ? body.where : {}) as Json;
      const rows = await repo.findContacts(db, instance.id, {
        remoteJid: typeof where.remoteJid === 'string' && where.remoteJid ? createJid(where.remoteJid) : undefined,
        id: typeof where.id === 'string' ? where.id : undefined,
        pushName: typeof where.pushName === 'string' ? where.pushName : undefined,
      });
      // Quirk kept: `offset` is the page size and skip = offset·(page-1) (docs/evolution-api-contract.md#29-post-chatfindcontactsname--200).
      const take = typeof body.offset === 'number' && body.offset > 0 ? body.offset : undefined;
      const page = typeof body.page === 'number' && body.page > 0 ? body.page : 1;
      const slice = take ? rows.slice(take * (page - 1), take * page) : rows;
      return slice.map((c) => ({
        id: c.id,
        remoteJid: c.remoteJid,
        pushName: c.name,
        profilePicUrl: null,
        createdAt: c.createdAt.toISOString(),
        updatedAt: c.lastMessageAt.toISOString(),
        instanceId: instance.id,
        isGroup: c.isGroup,
        isSaved: Boolean(c.name),
        type: c.isGroup ? 'group' : 'contact',
      }));
    },

    async fetchProfilePictureUrl(name: string, body: Json) {
      await instanceOr404(name);
      if (typeof body.number !== 'string' || !body.number) throw badRequest('number is required');
      // Simulated people keep their pictures private: null, never an error (docs/evolution-api-contract.md#210-post-chatfetchprofilepictureurlname--200).
      return { wuid: createJid(body.number), profilePictureUrl: null };
    },

    async whatsappNumbers(name: string, body: Json) {
      await instanceOr404(name);
      if (!Array.isArray(body.numbers)) throw badRequest('numbers is required');
      return (body.numbers as unknown[]).map((n) => {
        const number = String(n);
        const jid = createJid(number);
        const digits = phoneOf(jid);
        return { jid, exists: Boolean(digits && isPlausiblePhone(digits)), number };
      });
    },

    async getBase64FromMediaMessage(name: string, body: Json) {
      const instance = await instanceOr404(name);
      const key = ((body.message as Json | undefined)?.key ?? {}) as Json;
      if (typeof key.id !== 'string' || !key.id) throw badRequest('message.key.id is required');
      const message = await messagesRepo.findMessageByKey(db, instance.id, key.id);
      if (!message) throw badRequest('Message not found');
      const media = mediaOf(message.content);
      if (!media || !message.mediaBase64) throw badRequest('The message is not of the media type');
      return {
        mediaType: media.key,
        fileName:
          (media.media.fileName as string | undefined) ??
          `${message.keyId}.${extensionOf(String(media.media.mimetype ?? ''))}`,
        caption: (media.media.caption as string | undefined) ?? null,
        size: {
          fileLength: media.media.fileLength ?? null,
          height: media.media.height ?? null,
          width: media.media.width ?? null,
        },
        mimetype: media.media.mimetype ?? null,
        base64: message.mediaBase64,
        buffer: null,
      };
    },
  };
}

function extensionOf(mimetype: string): string {
  const sub = mimetype.split('/')[1]?.split(';')[0] ?? 'bin';
  return sub === 'jpeg' ? 'jpg' : sub;
}
