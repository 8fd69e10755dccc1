import { messageTypeSchema, type ConversationDto, type MessageDto, type MessageType } from '@vendai/contracts';
import type { messages } from '../../db/schema/index.ts';
import type { ConversationRow } from './conversation-row.ts';

type MessageRecord = typeof messages.$inferSelect;

/** A conversation as the inbox shows it (contracts/conversations.ts). */
export function toConversationDto(row: ConversationRow): ConversationDto {
  return {
    id: row.id,
    numberId: row.numberId,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    contactJid: row.contactJid,
    type: row.type,
    agenteAtivo: row.agenteAtivo,
    optedOut: row.optedOut,
    lastMessage: row.lastMessage.toISOString(),
    lastMessagePreview: row.lastMessagePreview,
    unreadCount: row.unreadCount,
    createdAt: row.createdAt.toISOString(),
    number: { id: row.numberId, instanceName: row.numberInstanceName, phone: row.numberPhone, apelido: row.numberApelido },
  };
}

/** Stored message_type values outside part 2 §3's list are shown as unsupported. */
function messageType(value: string): MessageType {
  const parsed = messageTypeSchema.safeParse(value);
  return parsed.success ? parsed.data : 'unsupported';
}

/** A message as the chat panel renders it; `media` only when the row carries any media field. */
export function toMessageDto(row: MessageRecord): MessageDto {
  const hasMedia = [row.mediaUrl, row.mediaFilename, row.mediaMimetype, row.mediaSize, row.mediaDuration, row.mediaWidth, row.mediaHeight, row.thumbnailUrl].some(
    (v) => v !== null && v !== undefined,
  );
  return {
    id: row.id,
    convId: row.convId,
    direction: row.direction,
    content: row.content,
    fromMe: row.fromMe,
    author: row.author,
    messageType: messageType(row.messageType),
    status: row.status,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    media: hasMedia
      ? {
          url: row.mediaUrl,
          filename: row.mediaFilename,
          mimetype: row.mediaMimetype,
          size: row.mediaSize,
          duration: row.mediaDuration,
          width: row.mediaWidth,
          height: row.mediaHeight,
          thumbnailUrl: row.thumbnailUrl,
        }
      : null,
  };
}
