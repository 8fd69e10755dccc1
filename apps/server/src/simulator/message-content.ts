import { createHash, randomBytes } from 'node:crypto';
import type { SimMessageView, SimOutgoingMessage } from '@vendai/contracts';
import { vcardFor } from './jid.ts';

/**
 * WAProto content for what the page sends as a customer, shaped as Evolution 2.3.7 puts it in
 * messages.upsert `data.message` (docs/evolution-api-contract.md#33-messages_upsert-data--messageraw-from-preparemessage): text as `conversation`, media with mimetype,
 * sizes and opaque crypto fields (base64 strings here), a `url` that is opaque too (it points at the
 * simulator, never at WhatsApp, and serves nothing: media is read through getBase64FromMediaMessage
 * or `message.base64`).
 */
export interface BuiltContent {
  messageType: string;
  content: Record<string, unknown>;
  mediaBase64: string | null;
}

export function buildContent(message: SimOutgoingMessage, mediaUrlBase: string): BuiltContent {
  switch (message.type) {
    case 'text':
      return { messageType: 'conversation', content: { conversation: message.text }, mediaBase64: null };
    case 'image': {
      const bytes = Buffer.from(message.base64, 'base64');
      return {
        messageType: 'imageMessage',
        content: {
          imageMessage: {
            ...mediaFields(bytes, mediaUrlBase),
            mimetype: message.mimetype,
            ...(message.caption ? { caption: message.caption } : {}),
            height: message.height ?? 0,
            width: message.width ?? 0,
          },
        },
        mediaBase64: message.base64,
      };
    }
    case 'audio': {
      const bytes = Buffer.from(message.base64, 'base64');
      return {
        messageType: 'audioMessage',
        content: {
          audioMessage: {
            ...mediaFields(bytes, mediaUrlBase),
            mimetype: message.mimetype,
            seconds: message.seconds,
            ptt: true,
          },
        },
        mediaBase64: message.base64,
      };
    }
    case 'document': {
      const bytes = Buffer.from(message.base64, 'base64');
      return {
        messageType: 'documentMessage',
        content: {
          documentMessage: {
            ...mediaFields(bytes, mediaUrlBase),
            mimetype: message.mimetype,
            title: message.fileName,
            fileName: message.fileName,
            ...(message.caption ? { caption: message.caption } : {}),
          },
        },
        mediaBase64: message.base64,
      };
    }
    case 'location':
      return {
        messageType: 'locationMessage',
        content: {
          locationMessage: {
            degreesLatitude: message.latitude,
            degreesLongitude: message.longitude,
            ...(message.name ? { name: message.name } : {}),
            ...(message.address ? { address: message.address } : {}),
          },
        },
        mediaBase64: null,
      };
    case 'contact':
      return {
        messageType: 'contactMessage',
        content: {
          contactMessage: { displayName: message.displayName, vcard: vcardFor(message.displayName, message.phone) },
        },
        mediaBase64: null,
      };
  }
}

function mediaFields(bytes: Buffer, mediaUrlBase: string) {
  const path = `/v/t62.7118-24/${randomBytes(12).toString('hex')}.enc`;
  return {
    url: `${mediaUrlBase}${path}`,
    directPath: path,
    fileSha256: createHash('sha256').update(bytes).digest('base64'),
    fileEncSha256: randomBytes(32).toString('base64'),
    mediaKey: randomBytes(32).toString('base64'),
    fileLength: bytes.length,
    mediaKeyTimestamp: Math.floor(Date.now() / 1000),
  };
}

const MEDIA_KEYS = ['imageMessage', 'videoMessage', 'audioMessage', 'documentMessage', 'stickerMessage'] as const;

/** The media part of a content, if any. */
export function mediaOf(
  content: Record<string, unknown>,
): { key: (typeof MEDIA_KEYS)[number]; media: Record<string, unknown> } | null {
  for (const key of MEDIA_KEYS) {
    const media = content[key];
    if (media && typeof media === 'object') return { key, media: media as Record<string, unknown> };
  }
  return null;
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : null);

/** How the page shows a stored message. */
export function describeContent(content: Record<string, unknown>): Pick<
  SimMessageView,
  'type' | 'text' | 'caption' | 'location' | 'contact'
> & {
  media: Omit<NonNullable<SimMessageView['media']>, 'url'> | null;
} {
  if (typeof content.conversation === 'string')
    return { type: 'text', text: content.conversation, caption: null, media: null, location: null, contact: null };
  const ext = content.extendedTextMessage as { text?: string } | undefined;
  if (ext?.text) return { type: 'text', text: ext.text, caption: null, media: null, location: null, contact: null };
  const m = mediaOf(content);
  if (m) {
    const type =
      m.key === 'imageMessage'
        ? 'image'
        : m.key === 'audioMessage'
          ? 'audio'
          : m.key === 'videoMessage'
            ? 'video'
            : m.key === 'documentMessage'
              ? 'document'
              : 'image';
    return {
      type,
      text: null,
      caption: str(m.media.caption),
      media: {
        mimetype: str(m.media.mimetype),
        fileName: str(m.media.fileName),
        size: num(m.media.fileLength),
        seconds: num(m.media.seconds),
        width: num(m.media.width) || null,
        height: num(m.media.height) || null,
      },
      location: null,
      contact: null,
    };
  }
  const loc = content.locationMessage as Record<string, unknown> | undefined;
  if (loc) {
    return {
      type: 'location',
      text: null,
      caption: null,
      media: null,
      location: {
        latitude: Number(loc.degreesLatitude),
        longitude: Number(loc.degreesLongitude),
        name: str(loc.name),
        address: str(loc.address),
      },
      contact: null,
    };
  }
  const card = content.contactMessage as Record<string, unknown> | undefined;
  if (card) {
    const waid = String(card.vcard ?? '').match(/waid=(\d+)/)?.[1] ?? null;
    return {
      type: 'contact',
      text: null,
      caption: null,
      media: null,
      location: null,
      contact: { displayName: String(card.displayName ?? ''), phone: waid },
    };
  }
  return { type: 'other', text: null, caption: null, media: null, location: null, contact: null };
}

/** One-line preview for the chat list. */
export function previewOf(content: Record<string, unknown>): string {
  const d = describeContent(content);
  switch (d.type) {
    case 'text':
      return d.text ?? '';
    case 'image':
      return `📷 ${d.caption ?? 'Foto'}`;
    case 'audio':
      return `🎤 Mensagem de voz${d.media?.seconds ? ` (${d.media.seconds}s)` : ''}`;
    case 'video':
      return `🎥 ${d.caption ?? 'Vídeo'}`;
    case 'document':
      return `📄 ${d.media?.fileName ?? 'Documento'}`;
    case 'location':
      return `📍 ${d.location?.name ?? 'Localização'}`;
    case 'contact':
      return `👤 ${d.contact?.displayName ?? 'Contato'}`;
    default:
      return 'Mensagem';
  }
}
