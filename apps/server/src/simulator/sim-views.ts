import type { SimChatView, SimInstanceView, SimMessageView } from '@vendai/contracts';
import { isLidJid, phoneOf } from './jid.ts';
import { describeContent, previewOf } from './message-content.ts';
import { qrDataUri } from './qr-image.ts';
import type { SimChat, SimInstance, SimMessage } from './simulator-repository.ts';
import { SIMULATOR_UI_API_PREFIX } from './simulator-config.ts';

/** What the 'Simulador de WhatsApp' page shows of an instance, a chat and a message. */

export async function instanceView(
  qrContent: (name: string, token: string) => string,
  instance: SimInstance,
  chats: number,
  appPhoneOf: (instanceName: string) => Promise<string | null>,
): Promise<SimInstanceView> {
  let qr: SimInstanceView['qr'] = null;
  if (instance.state === 'connecting' && instance.qrCode) {
    const code = qrContent(instance.name, instance.qrCode);
    qr = {
      base64: await qrDataUri(code),
      code,
      approveCode: instance.qrCode,
      count: instance.qrCount,
      expiresAt: instance.qrExpiresAt!.toISOString(),
    };
  }
  return {
    name: instance.name,
    state: instance.state,
    qr,
    ownerPhone: instance.ownerPhone,
    profileName: instance.profileName,
    suggestedPhone: instance.ownerPhone ?? (await appPhoneOf(instance.name)),
    webhookUrl: instance.webhook?.enabled ? instance.webhook.url : null,
    chats,
    createdAt: instance.createdAt.toISOString(),
  };
}

export function chatView(chat: SimChat, latest: SimMessage | null, unread: number): SimChatView {
  const presence =
    chat.presence && chat.presenceUntil && chat.presenceUntil.getTime() > Date.now() ? chat.presence : null;
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

export function messageView(message: SimMessage): SimMessageView {
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
    media:
      d.media && message.mediaBase64 ? { ...d.media, url: `${SIMULATOR_UI_API_PREFIX}/media/${message.id}` } : null,
    location: d.location,
    contact: d.contact,
  };
}
