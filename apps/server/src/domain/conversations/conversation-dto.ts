import { messageTypeSchema, type ConversationDto, type MessageDto, type MessageType } from '@vendai/contracts';
import type { ConversationRow, MessageRow } from './conversation-repository.ts';

type MessageRecord = MessageRow;

/** A conversation as the inbox shows it (contracts/conversations.ts). */
export function toConversationDto(row: ConversationRow): ConversationDto {
  return {
    id: row.id,
    numberId: row.numberId,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    // Left out when the row does not say: the inbox keeps what it knows.
    ...(row.contactUsername !== undefined ? { contactUsername: row.contactUsername } : {}),
    contactJid: row.contactJid,
    type: row.type,
    agenteAtivo: row.agenteAtivo,
    optedOut: row.optedOut,
    handoffReason: row.handoffReason,
    aiResumesAt: row.aiResumesAt ? row.aiResumesAt.toISOString() : null,
    neverAnswer: row.neverAnswer,
    lastMessage: row.lastMessage.toISOString(),
    lastMessagePreview: row.lastMessagePreview,
    unreadCount: row.unreadCount,
    createdAt: row.createdAt.toISOString(),
    // Left out when the row does not say (the engine's statements): the inbox keeps what it knows.
    ...(row.assignedUserId !== undefined ? { assignedUserId: row.assignedUserId } : {}),
    number: {
      id: row.numberId,
      instanceName: row.numberInstanceName,
      phone: row.numberPhone,
      apelido: row.numberApelido,
    },
  };
}

/** Stored message_type values outside docs/product/data.md's list are shown as unsupported. */
function messageType(value: string): MessageType {
  const parsed = messageTypeSchema.safeParse(value);
  return parsed.success ? parsed.data : 'unsupported';
}

/** A message as the chat panel renders it; `media` only when the row carries any media field. */
export function toMessageDto(row: MessageRecord): MessageDto {
  const deleted = row.deletedAt !== null && row.deletedAt !== undefined;
  const hasMedia =
    !deleted &&
    [
      row.mediaUrl,
      row.mediaFilename,
      row.mediaMimetype,
      row.mediaSize,
      row.mediaDuration,
      row.mediaWidth,
      row.mediaHeight,
      row.thumbnailUrl,
    ].some((v) => v !== null && v !== undefined);
  return {
    id: row.id,
    convId: row.convId,
    direction: row.direction,
    content: deleted ? null : row.content,
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
    reactions: [
      ...(row.contactReaction ? [{ emoji: row.contactReaction, fromMe: false }] : []),
      ...(row.ownerReaction ? [{ emoji: row.ownerReaction, fromMe: true }] : []),
    ],
    editedAt: row.editedAt ? row.editedAt.toISOString() : null,
    deletedAt: deleted ? row.deletedAt!.toISOString() : null,
    aiFailure:
      row.messageType === AI_FAILURE_TYPE ? { reason: row.error ?? '', retryable: row.failedBurstId !== null } : null,
    sentByUserId: row.sentByUserId ?? null,
    editedByUserId: row.editedByUserId ?? null,
  };
}

/** message_type of an 'A IA não conseguiu responder' notice (not a WhatsApp message). */
export const AI_FAILURE_TYPE = 'ai_failure';
