/**
 * The built-in WhatsApp simulator: what an Evolution API 2.3.7 server (with Baileys and the phones
 * around it) would do, kept in the app's database. The REST routes (evolution-routes.ts) and the
 * page's control routes (ui-routes.ts) both call this object; every state change goes out as a real
 * webhook (webhook-dispatcher.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  SIM_NOT_WAITING,
  SIM_QR_EXPIRED,
  type SimApproveInput,
  type SimChatDetail,
  type SimChatView,
  type SimInstanceView,
  type SimMessageView,
  type SimSendAsCustomerInput,
  simApproveSchema,
  simSendAsCustomerSchema,
} from '@vendai/contracts';
import type { Env } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import type { SimWebhookConfig } from '../db/schema/simulator.ts';
import { AppError } from '../lib/app-error.ts';
import { validate } from '../lib/validate.ts';
import {
  createJid,
  displayPhone,
  isGroupJid,
  isLidJid,
  isPlausiblePhone,
  isUserJid,
  lidFor,
  newGroupJid,
  newPhoneMessageId,
  newWebMessageId,
  phoneOf,
  sourceOf,
  USER_SUFFIX,
} from './jid.ts';
import { buildContent, describeContent, mediaOf, previewOf } from './message-content.ts';
import { qrDataUri } from './qr-image.ts';
import * as repo from './simulator-repository.ts';
import type { SimChat, SimInstance, SimMessage } from './simulator-repository.ts';
import { SIM_TIMING, SIMULATED_VERSION, SIMULATOR_API_PREFIX, SIMULATOR_APPROVE_PAGE, SIMULATOR_UI_API_PREFIX, simulatorApiKey } from './simulator-config.ts';
import { badRequest, notFoundInstance, SimError } from './sim-error.ts';
import { createWebhookDispatcher, eventConfigName, eventSlug, type RetryPolicy } from './webhook-dispatcher.ts';

/** UPPER_SNAKE names Evolution 2.3.7 accepts in a webhook's `events` (webhook.schema.ts). */
export const KNOWN_EVENTS = [
  'APPLICATION_STARTUP',
  'QRCODE_UPDATED',
  'MESSAGES_SET',
  'MESSAGES_UPSERT',
  'MESSAGES_EDITED',
  'MESSAGES_UPDATE',
  'MESSAGES_DELETE',
  'SEND_MESSAGE',
  'SEND_MESSAGE_UPDATE',
  'CONTACTS_SET',
  'CONTACTS_UPSERT',
  'CONTACTS_UPDATE',
  'PRESENCE_UPDATE',
  'CHATS_SET',
  'CHATS_UPSERT',
  'CHATS_UPDATE',
  'CHATS_DELETE',
  'GROUPS_UPSERT',
  'GROUP_UPDATE',
  'GROUP_PARTICIPANTS_UPDATE',
  'CONNECTION_UPDATE',
  'LABELS_EDIT',
  'LABELS_ASSOCIATION',
  'CALL',
  'TYPEBOT_START',
  'TYPEBOT_CHANGE_STATUS',
  'REMOVE_INSTANCE',
  'LOGOUT_INSTANCE',
  'INSTANCE_CREATE',
  'INSTANCE_DELETE',
  'STATUS_INSTANCE',
] as const;

type Json = Record<string, unknown>;

export interface SimulatorOptions {
  db: Db;
  env: Pick<Env, 'appUrl' | 'authSecret'>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  retry?: RetryPolicy;
  timing?: Partial<Record<keyof typeof SIM_TIMING, number>>;
}

export type Simulator = ReturnType<typeof createSimulator>;

export function createSimulator({ db, env, log, retry, timing: timingOverride }: SimulatorOptions) {
  const timing: Record<keyof typeof SIM_TIMING, number> = { ...SIM_TIMING, ...timingOverride };
  const apiKey = simulatorApiKey(env);
  const serverUrl = `${env.appUrl}${SIMULATOR_API_PREFIX}`;
  const dispatcher = createWebhookDispatcher(log, retry);
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  const later = (ms: number, fn: () => Promise<unknown>) => {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closed) fn().catch((err) => log.error({ err }, 'simulator task failed'));
    }, ms);
    timer.unref();
    timers.add(timer);
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  // --- webhooks ------------------------------------------------------------------------------

  /** Sends one event through the instance's webhook, if it is enabled and subscribed to it. */
  function emit(instance: SimInstance, event: string, data: unknown) {
    const wh = instance.webhook;
    if (!wh?.enabled || !/^https?:\/\//i.test(wh.url)) return;
    if (wh.events.length && !wh.events.includes(eventConfigName(event))) return;
    const url = wh.byEvents ? `${wh.url.replace(/\/+$/, '')}/${eventSlug(event)}` : wh.url;
    const headers = Object.fromEntries(Object.entries(wh.headers ?? {}).filter(([k, v]) => typeof v === 'string' && k.toLowerCase() !== 'jwt_key'));
    const body = {
      event,
      instance: instance.name,
      data,
      destination: wh.url,
      date_time: new Date().toISOString(),
      ...(instance.ownerPhone ? { sender: `${instance.ownerPhone}${USER_SUFFIX}` } : {}),
      server_url: serverUrl,
      apikey: instance.token,
    };
    dispatcher.dispatch(instance.name, { url, headers }, body);
  }

  // --- QR codes ------------------------------------------------------------------------------

  const newQrToken = () => randomBytes(12).toString('base64url');
  /** The QR's content: the page's approval view for this instance and this QR. */
  const qrContent = (name: string, token: string) => `${env.appUrl}${SIMULATOR_APPROVE_PAGE}/${encodeURIComponent(name)}?code=${token}`;

  async function bareQr(instance: SimInstance) {
    if (!instance.qrCode) return { count: 0 };
    const code = qrContent(instance.name, instance.qrCode);
    return { pairingCode: instance.pairingCode, code, base64: await qrDataUri(code), count: instance.qrCount };
  }

  async function emitQr(instance: SimInstance) {
    if (!instance.qrCode) return;
    const code = qrContent(instance.name, instance.qrCode);
    emit(instance, 'qrcode.updated', { qrcode: { instance: instance.name, pairingCode: instance.pairingCode, code, base64: await qrDataUri(code) } });
  }

  /** close → connecting with QR #1 (connection.update connecting, qrcode.updated). */
  async function startConnecting(instance: SimInstance, pairingNumber?: string): Promise<SimInstance> {
    const pairing = pairingNumber ? randomBytes(4).toString('hex').toUpperCase() : null;
    const started = await repo.startQrCycle(db, instance.id, newQrToken(), new Date(Date.now() + timing.qrTtlMs), pairing);
    if (!started) return (await repo.findInstance(db, instance.name)) ?? instance;
    emit(started, 'connection.update', { instance: started.name, state: 'connecting', statusReason: 200 });
    await emitQr(started);
    return started;
  }

  /** Draws the next QR when the current one expired; past the limit the instance gives up (refused). */
  async function refreshQr(instance: SimInstance): Promise<SimInstance> {
    if (instance.state !== 'connecting' || !instance.qrCode || !instance.qrExpiresAt || instance.qrExpiresAt.getTime() > Date.now()) return instance;
    if (instance.qrCount >= timing.qrLimit) {
      const closedRow = await repo.closeSession(db, instance.id, 428);
      if (closedRow) {
        emit(closedRow, 'qrcode.updated', { message: 'QR code limit reached, please login again', statusCode: 500 });
        emit(closedRow, 'connection.update', {
          instance: closedRow.name,
          state: 'refused',
          statusReason: 428,
          wuid: closedRow.ownerPhone ? `${closedRow.ownerPhone}${USER_SUFFIX}` : undefined,
          profileName: closedRow.profileName ?? undefined,
          profilePictureUrl: null,
        });
        return closedRow;
      }
      return (await repo.findInstance(db, instance.name)) ?? instance;
    }
    const rotated = await repo.rotateQr(db, instance.id, instance.qrCode, newQrToken(), new Date(Date.now() + timing.qrTtlMs));
    if (rotated) {
      await emitQr(rotated);
      return rotated;
    }
    return (await repo.findInstance(db, instance.name)) ?? instance;
  }

  let sweeping = false;
  async function sweep() {
    if (sweeping || closed) return;
    sweeping = true;
    try {
      for (const instance of await repo.expiredQrInstances(db)) await refreshQr(instance);
    } catch (err) {
      if (!closed) log.error({ err }, 'simulator QR sweep failed');
    } finally {
      sweeping = false;
    }
  }
  const sweeper = setInterval(() => void sweep(), timing.qrSweepMs);
  sweeper.unref();

  /** Ends a session the way a logout or an unlinked phone does (status.instance, logout.instance, close 401). */
  async function endSession(instance: SimInstance, reason: number): Promise<SimInstance | null> {
    const row = await repo.closeSession(db, instance.id, reason);
    if (!row) return null;
    emit(row, 'status.instance', {
      instance: row.name,
      status: 'closed',
      disconnectionAt: row.disconnectionAt?.toISOString(),
      disconnectionReasonCode: reason,
      disconnectionObject: JSON.stringify({ error: { output: { statusCode: reason } } }),
    });
    emit(row, 'logout.instance', { instance: row.name, instanceId: row.id });
    emit(row, 'connection.update', { instance: row.name, state: 'close', statusReason: reason });
    return row;
  }

  async function instanceOr404(name: string): Promise<SimInstance> {
    const instance = await repo.findInstance(db, name);
    if (!instance) throw notFoundInstance(name);
    return instance;
  }

  // --- messages -------------------------------------------------------------------------------

  function messageRaw(instance: SimInstance, message: SimMessage, key: Json, includeBase64: boolean): Json {
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

  function statusUpdate(instance: SimInstance, message: SimMessage, remoteJid: string, status: string) {
    emit(instance, 'messages.update', {
      keyId: message.keyId,
      remoteJid,
      fromMe: message.fromMe,
      participant: message.participant ?? undefined,
      status,
      instanceId: instance.id,
      messageId: message.id,
    });
  }

  /** PENDING → SERVER_ACK → DELIVERY_ACK for a message the business sent (READ comes when the page opens the chat). */
  function scheduleAcks(instanceName: string, messageId: string) {
    const step = (status: string, next?: () => void) =>
      later(timing.ackDelayMs, async () => {
        const message = await repo.findMessageById(db, messageId);
        const instance = await repo.findInstance(db, instanceName);
        if (!message || !instance || message.status === 'READ') return;
        await repo.setMessageStatus(db, message.id, status);
        statusUpdate(instance, message, message.remoteJid, status);
        next?.();
      });
    step('SERVER_ACK', () => step('DELIVERY_ACK'));
  }

  /** Resolves `number` to the chat the business writes to (contract §2.7 pre-checks). */
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
    await sleep(ms);
    await repo.setPresence(db, chat.id, null, null);
  }

  // --- views for the page ---------------------------------------------------------------------

  async function instanceView(instance: SimInstance, chats: number): Promise<SimInstanceView> {
    let qr: SimInstanceView['qr'] = null;
    if (instance.state === 'connecting' && instance.qrCode) {
      const code = qrContent(instance.name, instance.qrCode);
      qr = { base64: await qrDataUri(code), code, approveCode: instance.qrCode, count: instance.qrCount, expiresAt: instance.qrExpiresAt!.toISOString() };
    }
    return {
      name: instance.name,
      state: instance.state,
      qr,
      ownerPhone: instance.ownerPhone,
      profileName: instance.profileName,
      suggestedPhone: instance.ownerPhone ?? (await repo.appPhoneForInstance(db, instance.name)),
      webhookUrl: instance.webhook?.enabled ? instance.webhook.url : null,
      chats,
      createdAt: instance.createdAt.toISOString(),
    };
  }

  function chatView(chat: SimChat, latest: SimMessage | null, unread: number): SimChatView {
    const presence = chat.presence && chat.presenceUntil && chat.presenceUntil.getTime() > Date.now() ? chat.presence : null;
    return {
      id: chat.id,
      remoteJid: chat.remoteJid,
      lid: chat.lid,
      isGroup: chat.isGroup,
      name: chat.name,
      phone: phoneOf(chat.remoteJid),
      lastMessageAt: chat.lastMessageAt.toISOString(),
      lastPreview: latest ? previewOf(latest.content) : null,
      presence: presence === 'composing' || presence === 'recording' ? presence : null,
      unread,
    };
  }

  function messageView(message: SimMessage): SimMessageView {
    const d = describeContent(message.content);
    const participant = message.participant;
    return {
      id: message.id,
      keyId: message.keyId,
      fromBusiness: message.fromMe,
      type: d.type,
      text: d.text,
      caption: d.caption,
      senderName: participant ? message.pushName : null,
      senderPhone: participant ? (phoneOf(participant) ?? null) : null,
      status: message.status,
      timestamp: message.timestamp,
      deliveries: message.deliveries,
      viaLid: isLidJid(message.remoteJid) || Boolean(participant && isLidJid(participant)),
      media: d.media && message.mediaBase64 ? { ...d.media, url: `${SIMULATOR_UI_API_PREFIX}/media/${message.id}` } : null,
      location: d.location,
      contact: d.contact,
    };
  }

  async function connectedInstance(name: string): Promise<SimInstance> {
    const instance = await repo.findInstance(db, name);
    if (!instance) throw new AppError('NOT_FOUND', 'Conexão não encontrada no simulador.');
    return instance;
  }

  return {
    apiKey,
    serverUrl,

    /** apikey = the global key, or (routes with :instanceName) that instance's token (contract §1). */
    authorize(presented: string | undefined, instance?: SimInstance | null): boolean {
      if (!presented) return false;
      if (presented === apiKey) return true;
      return Boolean(instance && presented === instance.token);
    },

    findInstance: (name: string) => repo.findInstance(db, name),

    info() {
      return {
        status: 200,
        message: 'Welcome to the Evolution API, it is working! (simulador VendAI)',
        version: SIMULATED_VERSION,
        clientName: 'vendai-simulator',
        manager: `${env.appUrl}/simulador`,
        documentation: 'docs/decisions/003-gateway-and-simulator.md',
        whatsappWebVersion: '2.3000.0',
      };
    },

    // --- REST: instance ---------------------------------------------------------------------

    async createInstance(body: Json) {
      const instanceName = typeof body.instanceName === 'string' ? body.instanceName : '';
      if (!instanceName.trim()) throw badRequest('instanceName is required');
      if (body.integration !== 'WHATSAPP-BAILEYS') {
        throw badRequest(
          body.integration === 'WHATSAPP-BUSINESS' || body.integration === 'EVOLUTION' ? 'The simulator only plays WHATSAPP-BAILEYS' : 'Invalid integration',
        );
      }
      const webhook = body.webhook === undefined ? null : parseWebhook(body.webhook, true);
      const token = typeof body.token === 'string' && body.token ? body.token : randomUUID().toUpperCase();
      const created = await repo.insertInstance(db, { name: instanceName, token, webhook });
      if (!created) throw new SimError(403, [`This name "${instanceName}" is already in use.`]);
      emit(created, 'instance.create', { instanceName: created.name, instanceId: created.id });
      let instance = created;
      if (body.qrcode === true) instance = await startConnecting(created, typeof body.number === 'string' ? body.number : undefined);
      const qr = body.qrcode === true ? await bareQr(instance) : undefined;
      return {
        instance: {
          instanceName: instance.name,
          instanceId: instance.id,
          integration: instance.integration,
          webhookWaBusiness: null,
          accessTokenWaBusiness: '',
          status: instance.state === 'open' ? 'open' : instance.state === 'connecting' ? 'connecting' : 'close',
        },
        hash: instance.token,
        webhook: {
          webhookUrl: webhook?.url,
          webhookHeaders: webhook?.headers,
          webhookByEvents: webhook?.byEvents,
          webhookBase64: webhook?.base64,
        },
        websocket: { enabled: false },
        rabbitmq: { enabled: false },
        nats: { enabled: false },
        sqs: { enabled: false },
        settings: settingsOf(),
        ...(qr ? { qrcode: qr } : {}),
      };
    },

    async connect(name: string, query: { number?: string }) {
      let instance = await instanceOr404(name);
      if (instance.state === 'open') return { instance: { instanceName: instance.name, state: 'open' } };
      instance = instance.state === 'close' ? await startConnecting(instance, query.number) : await refreshQr(instance);
      if (instance.state === 'open') return { instance: { instanceName: instance.name, state: 'open' } };
      return bareQr(instance);
    },

    async connectionState(name: string) {
      const instance = await refreshQr(await instanceOr404(name));
      return { instance: { instanceName: instance.name, state: instance.state } };
    },

    async fetchInstances(query: Json, presentedKey: string) {
      const filter = {
        name: typeof query.instanceName === 'string' ? query.instanceName : undefined,
        id: typeof query.instanceId === 'string' ? query.instanceId : undefined,
        number: typeof query.number === 'string' ? query.number : undefined,
        token: presentedKey === apiKey ? undefined : presentedKey,
      };
      const rows = await repo.listInstances(db, filter);
      if (filter.name && !rows.length) throw new SimError(404, [`Instance "${filter.name}" not found`]);
      return Promise.all(
        rows.map(async (r) => ({
          id: r.id,
          name: r.name,
          connectionStatus: r.state,
          ownerJid: r.ownerPhone ? `${r.ownerPhone}${USER_SUFFIX}` : null,
          profileName: r.profileName,
          profilePicUrl: null,
          integration: r.integration,
          number: null,
          businessId: null,
          token: r.token,
          clientName: 'vendai-simulator',
          disconnectionReasonCode: r.disconnectionReasonCode,
          disconnectionObject: null,
          disconnectionAt: r.disconnectionAt?.toISOString() ?? null,
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
          Chatwoot: null,
          Proxy: null,
          Rabbitmq: null,
          Nats: null,
          Sqs: null,
          Websocket: null,
          Setting: { id: r.id, ...settingsOf(), createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(), instanceId: r.id },
          _count: await repo.countsFor(db, r.id),
        })),
      );
    },

    async logout(name: string) {
      const instance = await instanceOr404(name);
      // 2.3.x: a closed instance answers 400 (2.4 answers SUCCESS; contract §2.5).
      if (instance.state === 'close') throw badRequest(`The "${name}" instance is not connected`);
      await endSession(instance, 401);
      return { status: 'SUCCESS', error: false, response: { message: 'Instance logged out' } };
    },

    async deleteInstance(name: string) {
      const instance = await instanceOr404(name);
      const current = instance.state === 'close' ? instance : ((await endSession(instance, 401)) ?? instance);
      emit(current, 'instance.delete', { instanceName: current.name, instanceId: current.id });
      emit(current, 'remove.instance', null);
      await repo.deleteInstance(db, current.id);
      return { status: 'SUCCESS', error: false, response: { message: 'Instance deleted' } };
    },

    // --- REST: messages and chats --------------------------------------------------------------

    async sendText(name: string, body: Json) {
      const instance = await instanceOr404(name);
      if (typeof body.number !== 'string' || !body.number.trim()) throw badRequest('number is required');
      if (typeof body.text !== 'string' || !body.text.trim()) throw badRequest('Text is required');
      if (instance.state !== 'open') throw badRequest('Connection Closed');
      const delay = typeof body.delay === 'number' && body.delay > 0 ? Math.min(body.delay, 5 * 60_000) : 0;
      const { chat, jid } = await chatForSend(instance, body.number);
      await showPresence(chat, 'composing', delay);
      const message = await repo.insertMessage(db, {
        instanceId: instance.id,
        chatId: chat.id,
        keyId: newWebMessageId(),
        remoteJid: jid,
        fromMe: true,
        pushName: null,
        messageType: 'conversation',
        content: { conversation: body.text },
        status: 'PENDING',
        timestamp: Math.floor(Date.now() / 1000),
      });
      const raw = messageRaw(instance, message, { remoteJid: jid, fromMe: true, id: message.keyId }, false);
      emit(instance, 'send.message', raw);
      scheduleAcks(instance.name, message.id);
      return raw;
    },

    async sendPresence(name: string, body: Json) {
      const instance = await instanceOr404(name);
      const presences = ['composing', 'recording', 'paused', 'available', 'unavailable'];
      if (typeof body.number !== 'string' || !body.number) throw badRequest('number is required');
      if (typeof body.presence !== 'string' || !presences.includes(body.presence)) throw badRequest(`presence must be one of ${presences.join(', ')}`);
      if (typeof body.delay !== 'number') throw badRequest('delay is required');
      if (instance.state !== 'open') throw badRequest('Connection Closed');
      const { chat } = await chatForSend(instance, body.number);
      if (body.presence === 'composing' || body.presence === 'recording') await showPresence(chat, body.presence, Math.min(body.delay, 5 * 60_000));
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
      // 2.3.x drops keys that are not @g.us or @s.whatsapp.net: @lid chats are not marked read (contract §2.11).
      const ids = (list as { remoteJid: string; id: string }[]).filter((k) => isGroupJid(k.remoteJid) || isUserJid(k.remoteJid)).map((k) => k.id);
      await repo.markIncomingRead(db, instance.id, ids);
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
      const all = chat ? (await repo.listMessages(db, chat.id, 1000)).reverse() : [];
      const rows = all.filter((m) => (typeof key.fromMe === 'boolean' ? m.fromMe === key.fromMe : true) && (typeof key.id === 'string' ? m.keyId === key.id : true));
      const take = typeof body.offset === 'number' && body.offset > 0 ? body.offset : 50;
      const page = typeof body.page === 'number' && body.page > 0 ? body.page : 1;
      const records = rows.slice(take * (page - 1), take * page).map((m) => messageRaw(instance, m, { remoteJid: m.remoteJid, fromMe: m.fromMe, id: m.keyId }, false));
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
      // Quirk kept: `offset` is the page size and skip = offset·(page-1) (contract §2.9).
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
      // Simulated people keep their pictures private: null, never an error (contract §2.10).
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
      const message = await repo.findMessageByKey(db, instance.id, key.id);
      if (!message) throw badRequest('Message not found');
      const media = mediaOf(message.content);
      if (!media || !message.mediaBase64) throw badRequest('The message is not of the media type');
      return {
        mediaType: media.key,
        fileName: (media.media.fileName as string | undefined) ?? `${message.keyId}.${extensionOf(String(media.media.mimetype ?? ''))}`,
        caption: (media.media.caption as string | undefined) ?? null,
        size: { fileLength: media.media.fileLength ?? null, height: media.media.height ?? null, width: media.media.width ?? null },
        mimetype: media.media.mimetype ?? null,
        base64: message.mediaBase64,
        buffer: null,
      };
    },

    // --- REST: webhook config ---------------------------------------------------------------

    async setWebhook(name: string, body: Json) {
      const instance = await instanceOr404(name);
      if (!body.webhook || typeof body.webhook !== 'object') throw badRequest('webhook is required');
      const webhook = parseWebhook(body.webhook, false);
      const row = await repo.setWebhook(db, instance.id, webhook);
      return webhookRow(row!);
    },

    async findWebhook(name: string) {
      const instance = await instanceOr404(name);
      return instance.webhook ? webhookRow(instance) : null;
    },

    // --- the page --------------------------------------------------------------------------

    async listInstanceViews(): Promise<SimInstanceView[]> {
      const rows = await repo.listInstances(db);
      const chats = await repo.countChats(db);
      return Promise.all(rows.map(async (r) => instanceView(await refreshQr(r), chats.get(r.id) ?? 0)));
    },

    async getInstanceView(name: string): Promise<SimInstanceView> {
      const instance = await refreshQr(await connectedInstance(name));
      const counts = await repo.countsFor(db, instance.id);
      return instanceView(instance, counts.Chat);
    },

    /** The phone scans the QR: connecting → open, with connection.update webhooks. */
    async approve(name: string, input: SimApproveInput): Promise<SimInstanceView> {
      const { code, phone, profileName } = validate(simApproveSchema, input);
      const instance = await refreshQr(await connectedInstance(name));
      if (instance.state !== 'connecting') throw new AppError('CONFLICT', instance.state === 'open' ? 'Este celular já está conectado.' : SIM_NOT_WAITING);
      const scanned = await repo.consumeQr(db, instance.id, code, { phone, profileName: profileName || null });
      if (!scanned) throw new AppError('CONFLICT', SIM_QR_EXPIRED);
      // After a scan WhatsApp restarts the socket (515, transient: no close event), then opens.
      emit(scanned, 'connection.update', { instance: scanned.name, state: 'connecting', statusReason: 515 });
      await sleep(timing.handshakeMs);
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
      return instanceView(open, counts.Chat);
    },

    /** The phone unlinks the device (close, statusReason 401). */
    async disconnect(name: string): Promise<SimInstanceView> {
      const instance = await connectedInstance(name);
      const row = await endSession(instance, 401);
      if (!row) throw new AppError('CONFLICT', 'Este celular já está desconectado.');
      const counts = await repo.countsFor(db, row.id);
      return instanceView(row, counts.Chat);
    },

    async listChatViews(name: string): Promise<SimChatView[]> {
      const instance = await connectedInstance(name);
      const rows = await repo.listChats(db, instance.id);
      return rows.map((r) => chatView(r.chat, r.latest, r.unread));
    },

    /** The customer opens the chat: the business's messages become READ (messages.update READ). */
    async openChat(name: string, chatId: string): Promise<SimChatDetail> {
      const instance = await connectedInstance(name);
      if (!/^[0-9a-f-]{36}$/i.test(chatId)) throw new AppError('NOT_FOUND', 'Conversa não encontrada.');
      const chat = await repo.findChat(db, instance.id, chatId);
      if (!chat) throw new AppError('NOT_FOUND', 'Conversa não encontrada.');
      for (const message of await repo.unreadBusinessMessages(db, chat.id)) {
        await repo.setMessageStatus(db, message.id, 'READ');
        statusUpdate(instance, message, message.remoteJid, 'READ');
      }
      const messages = await repo.listMessages(db, chat.id);
      const latest = messages.at(-1) ?? null;
      return { chat: chatView(chat, latest, 0), messages: messages.map(messageView) };
    },

    /** The person writes as a customer (or a group member): messages.upsert with a correct messageRaw. */
    async sendAsCustomer(name: string, input: SimSendAsCustomerInput) {
      const body = validate(simSendAsCustomerSchema, input);
      const instance = await connectedInstance(name);
      if (instance.state !== 'open') throw new AppError('CONFLICT', 'Este número não está conectado. Aprove o QR Code primeiro.');
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
          ({ chat, created } = await repo.upsertChat(db, { instanceId: instance.id, remoteJid: existing.remoteJid, isGroup: true, name: body.group.subject }));
        } else {
          ({ chat, created } = await repo.upsertChat(db, { instanceId: instance.id, remoteJid: newGroupJid(), isGroup: true, name: body.group.subject }));
        }
        participant = lid ?? pn;
        key = { remoteJid: chat.remoteJid, fromMe: false, id: keyId, participant, ...(lid ? { participantAlt: pn, addressingMode: 'lid' } : { addressingMode: 'pn' }) };
      } else {
        ({ chat, created } = await repo.upsertChat(db, { instanceId: instance.id, remoteJid: pn, isGroup: false, name: body.customer.name, lid }));
        // Baileys 7 raw key for an @lid chat: remoteJid = the LID, remoteJidAlt = the phone JID (contract §4).
        key = lid ? { remoteJid: lid, remoteJidAlt: pn, fromMe: false, id: keyId, addressingMode: 'lid' } : { remoteJid: pn, fromMe: false, id: keyId };
      }
      const built = buildContent(body.message, `${serverUrl}/mmg`);
      const message = await repo.insertMessage(db, {
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
      const contact = { remoteJid: body.group ? chat.remoteJid : pn, pushName: body.group ? chat.name : body.customer.name, profilePicUrl: null, instanceId: instance.id };
      if (created) emit(instance, 'contacts.upsert', [contact]);
      else emit(instance, 'contacts.update', contact);
      return { chatId: chat.id, keyId };
    },

    /** Media bytes of a stored message, for the page's bubbles. */
    async media(messageId: string) {
      if (!/^[0-9a-f-]{36}$/i.test(messageId)) return null;
      const message = await repo.findMessageById(db, messageId);
      const media = message ? mediaOf(message.content) : null;
      if (!message?.mediaBase64 || !media) return null;
      return { bytes: Buffer.from(message.mediaBase64, 'base64'), mimetype: String(media.media.mimetype ?? 'application/octet-stream'), kind: media.key, fileName: (media.media.fileName as string | undefined) ?? null };
    },

    /** Resolves when every webhook queued so far went out once (tests). */
    settled: () => dispatcher.settled(),

    /** Runs the QR sweep now (expired QRs rotate, the limit refuses). */
    sweep,

    close() {
      closed = true;
      clearInterval(sweeper);
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      dispatcher.close();
    },
  };
}

function settingsOf() {
  return { rejectCall: false, msgCall: '', groupsIgnore: false, alwaysOnline: false, readMessages: false, readStatus: false, syncFullHistory: false, wavoipToken: '' };
}

/** The wrapped webhook config of create and webhook/set (contract §2.1, §2.12). */
function parseWebhook(value: unknown, fromCreate: boolean): SimWebhookConfig {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest('webhook must be an object');
  const w = value as Json;
  const enabled = fromCreate ? true : w.enabled;
  if (typeof enabled !== 'boolean') throw badRequest('webhook.enabled is required');
  if (typeof w.url !== 'string' || !/^https?:\/\/\S+$/i.test(w.url)) throw badRequest('webhook.url is required and must be an http(s) URL');
  let events: string[] = [];
  if (enabled) {
    // Evolution reads events.length unguarded: a missing list is a crash (500 on set, 400 on create).
    if (!Array.isArray(w.events)) throw new SimError(fromCreate ? 400 : 500, ["Cannot read properties of undefined (reading 'length')"]);
    const unknown = w.events.filter((e) => !(KNOWN_EVENTS as readonly string[]).includes(String(e)));
    if (unknown.length) throw badRequest(`webhook.events has unknown events: ${unknown.join(', ')}`);
    events = w.events as string[];
  }
  const headers: Record<string, string> = {};
  if (w.headers !== undefined && w.headers !== null) {
    if (typeof w.headers !== 'object' || Array.isArray(w.headers)) throw badRequest('webhook.headers must be an object');
    for (const [k, v] of Object.entries(w.headers as Json)) headers[k] = String(v);
  }
  const byEvents = w.byEvents ?? w.webhookByEvents ?? false;
  const base64 = w.base64 ?? w.webhookBase64 ?? false;
  return { enabled, url: w.url, headers, byEvents: byEvents === true, base64: base64 === true, events, updatedAt: new Date().toISOString() };
}

function webhookRow(instance: SimInstance) {
  const w = instance.webhook!;
  return {
    id: instance.id,
    url: w.url,
    headers: w.headers,
    enabled: w.enabled,
    events: w.events,
    webhookByEvents: w.byEvents,
    webhookBase64: w.base64,
    createdAt: instance.createdAt.toISOString(),
    updatedAt: w.updatedAt,
    instanceId: instance.id,
  };
}

function extensionOf(mimetype: string): string {
  const sub = mimetype.split('/')[1]?.split(';')[0] ?? 'bin';
  return sub === 'jpeg' ? 'jpg' : sub;
}
