import {
  SIM_NOT_WAITING,
  SIM_QR_EXPIRED,
  type SimApproveData,
  type SimChatDetail,
  type SimChatView,
  type SimInstanceView,
  type SimSendAsCustomerData,
} from '@vendai/contracts';
import { AppError } from '../lib/app-error.ts';
import { SIM_INSTANCE_NOT_FOUND } from './simulator-config.ts';
import { displayPhone, lidFor, newGroupJid, newPhoneMessageId, USER_SUFFIX } from './jid.ts';
import { buildContent, mediaOf } from './message-content.ts';
import * as messagesRepo from './simulator-messages-repository.ts';
import * as repo from './simulator-repository.ts';
import type { SimChat, SimInstance } from './simulator-repository.ts';
import type { Json, SimContext } from './simulator-context.ts';
import type { SimSession } from './sim-session.ts';
import { emitStatusUpdate, messageRaw } from './sim-messages.ts';
import { chatView, instanceView, messageView } from './sim-views.ts';

/**
 * What the 'Simulador de WhatsApp' page does (/simulator/ui-api): the phone scans the QR or unlinks,
 * the customer opens a chat or writes. Input arrives already checked by the route schemas.
 */
export function createPageApi(ctx: SimContext, session: SimSession) {
  const { db, timing, serverUrl, emit } = ctx;
  const { refreshQr, endSession, qrContent } = session;
  const view = (instance: SimInstance, chats: number) => instanceView(qrContent, instance, chats, ctx.appPhoneOf);

  async function connectedInstance(name: string): Promise<SimInstance> {
    const instance = await repo.findInstance(db, name);
    if (!instance) throw new AppError('NOT_FOUND', SIM_INSTANCE_NOT_FOUND);
    return instance;
  }

  return {
    /** The instances among `names` (the signed-in account's own numbers), newest first. */
    async listInstanceViews(names: ReadonlySet<string>): Promise<SimInstanceView[]> {
      const rows = (await repo.listInstances(db)).filter((r) => names.has(r.name));
      const chats = await repo.countChats(db);
      return Promise.all(rows.map(async (r) => view(await refreshQr(r), chats.get(r.id) ?? 0)));
    },

    async getInstanceView(name: string): Promise<SimInstanceView> {
      const instance = await refreshQr(await connectedInstance(name));
      const counts = await repo.countsFor(db, instance.id);
      return view(instance, counts.Chat);
    },

    /** The phone scans the QR: connecting → open, with connection.update webhooks. */
    async approve(name: string, { code, phone, profileName }: SimApproveData): Promise<SimInstanceView> {
      const instance = await refreshQr(await connectedInstance(name));
      if (instance.state !== 'connecting')
        throw new AppError('CONFLICT', instance.state === 'open' ? 'Este celular já está conectado.' : SIM_NOT_WAITING);
      const scanned = await repo.consumeQr(db, instance.id, code, { phone, profileName: profileName || null });
      if (!scanned) throw new AppError('CONFLICT', SIM_QR_EXPIRED);
      // After a scan WhatsApp restarts the socket (515, transient: no close event), then opens.
      emit(scanned, 'connection.update', { instance: scanned.name, state: 'connecting', statusReason: 515 });
      await ctx.sleep(timing.handshakeMs);
      const open = await repo.markOpen(db, scanned.id);
      if (!open) throw new AppError('CONFLICT', SIM_NOT_WAITING);
      emit(open, 'connection.update', {
        instance: open.name,
        wuid: `${phone}${USER_SUFFIX}`,
        profileName: open.profileName ?? displayPhone(phone),
        profilePictureUrl: null,
        state: 'open',
        statusReason: 200,
      });
      const counts = await repo.countsFor(db, open.id);
      return view(open, counts.Chat);
    },

    /** The phone unlinks the device (close, statusReason 401). */
    async disconnect(name: string): Promise<SimInstanceView> {
      const instance = await connectedInstance(name);
      const row = await endSession(instance, 401);
      if (!row) throw new AppError('CONFLICT', 'Este celular já está desconectado.');
      const counts = await repo.countsFor(db, row.id);
      return view(row, counts.Chat);
    },

    async listChatViews(name: string): Promise<SimChatView[]> {
      const instance = await connectedInstance(name);
      const rows = await repo.listChats(db, instance.id);
      return rows.map((r) => chatView(r.chat, r.latest, r.unread));
    },

    /** The customer opens the chat (`chatId` is a uuid: the route checks it): the business's messages become READ. */
    async openChat(name: string, chatId: string): Promise<SimChatDetail> {
      const instance = await connectedInstance(name);
      const chat = await repo.findChat(db, instance.id, chatId);
      if (!chat) throw new AppError('NOT_FOUND', 'Conversa não encontrada.');
      for (const message of await messagesRepo.unreadBusinessMessages(db, chat.id)) {
        await messagesRepo.setMessageStatus(db, message.id, 'READ');
        emitStatusUpdate(ctx, instance, message, 'READ');
      }
      const messages = await messagesRepo.listMessages(db, chat.id);
      const latest = messages.at(-1) ?? null;
      return { chat: chatView(chat, latest, 0), messages: messages.map(messageView) };
    },

    /** The person writes as a customer (or a group member): messages.upsert with a correct messageRaw. */
    async sendAsCustomer(name: string, body: SimSendAsCustomerData) {
      const instance = await connectedInstance(name);
      if (instance.state !== 'open')
        throw new AppError('CONFLICT', 'Este número não está conectado. Aprove o QR Code primeiro.');
      const pn = `${body.customer.phone}${USER_SUFFIX}`;
      const lid = body.useLid ? lidFor(body.customer.phone) : null;
      const keyId = newPhoneMessageId();
      let chat: SimChat;
      let created: boolean;
      let key: Json;
      let participant: string | null = null;
      if (body.group) {
        if (body.group.jid) {
          const existing = await repo.findChatByJid(db, instance.id, body.group.jid);
          if (!existing || !existing.isGroup) throw new AppError('NOT_FOUND', 'Grupo não encontrado neste número.');
          ({ chat, created } = await repo.upsertChat(db, {
            instanceId: instance.id,
            remoteJid: existing.remoteJid,
            isGroup: true,
            name: body.group.subject,
          }));
        } else {
          ({ chat, created } = await repo.upsertChat(db, {
            instanceId: instance.id,
            remoteJid: newGroupJid(),
            isGroup: true,
            name: body.group.subject,
          }));
        }
        participant = lid ?? pn;
        key = {
          remoteJid: chat.remoteJid,
          fromMe: false,
          id: keyId,
          participant,
          ...(lid ? { participantAlt: pn, addressingMode: 'lid' } : { addressingMode: 'pn' }),
        };
      } else {
        ({ chat, created } = await repo.upsertChat(db, {
          instanceId: instance.id,
          remoteJid: pn,
          isGroup: false,
          name: body.customer.name,
          lid,
        }));
        // Baileys 7 raw key for an @lid chat: remoteJid = the LID, remoteJidAlt = the phone JID (docs/evolution-api-contract.md#4-jids-groups-lid-number-formatting).
        key = lid
          ? { remoteJid: lid, remoteJidAlt: pn, fromMe: false, id: keyId, addressingMode: 'lid' }
          : { remoteJid: pn, fromMe: false, id: keyId };
      }
      const built = buildContent(body.message, `${serverUrl}/mmg`);
      const message = await messagesRepo.insertMessage(db, {
        instanceId: instance.id,
        chatId: chat.id,
        keyId,
        fromMe: false,
        participant,
        pushName: body.customer.name,
        messageType: built.messageType,
        remoteJid: String(key.remoteJid),
        content: built.content,
        mediaBase64: built.mediaBase64,
        status: 'DELIVERY_ACK',
        timestamp: Math.floor(Date.now() / 1000),
        deliveries: body.sendTwice ? 2 : 1,
      });
      const raw = messageRaw(instance, message, key, Boolean(instance.webhook?.base64));
      emit(instance, 'messages.upsert', raw);
      // 'Send twice': the very same payload again, as a gateway retry would deliver it.
      if (body.sendTwice) emit(instance, 'messages.upsert', raw);
      const contact = {
        remoteJid: body.group ? chat.remoteJid : pn,
        pushName: body.group ? chat.name : body.customer.name,
        profilePicUrl: null,
        instanceId: instance.id,
      };
      if (created) emit(instance, 'contacts.upsert', [contact]);
      else emit(instance, 'contacts.update', contact);
      return { chatId: chat.id, keyId };
    },

    /** Media bytes of a stored message (`messageId` is a uuid: the route checks it), for the page's bubbles. */
    async media(messageId: string) {
      const message = await messagesRepo.findMessageById(db, messageId);
      const media = message ? mediaOf(message.content) : null;
      if (!message?.mediaBase64 || !media) return null;
      const [instance] = await repo.listInstances(db, { id: message.instanceId });
      if (!instance) return null;
      return {
        instanceName: instance.name,
        bytes: Buffer.from(message.mediaBase64, 'base64'),
        mimetype: String(media.media.mimetype ?? 'application/octet-stream'),
        kind: media.key,
        fileName: (media.media.fileName as string | undefined) ?? null,
      };
    },
  };
}
