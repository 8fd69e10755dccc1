import type { ConversationRow } from '../../domain/conversations/conversation-repository.ts';
import type { MessageRecord } from './engine-repository.ts';

/**
 * The rows the engine's raw statements answer (snake_case), and their shapes for the rest of the
 * engine. A timestamp comes as a Date from the driver or as text from JSON (`to_jsonb`, `json_agg`);
 * an integer column as a number, or as text when a driver or JSON gives it so: the mappers convert.
 */
export type SqlTimestamp = string | Date;
type SqlInteger = number | string;

/** A `messages` row (`returning *`, `to_jsonb(m)`). */
export interface MessageSqlRow {
  id: string;
  user_id: string;
  conv_id: string;
  direction: MessageRecord['direction'];
  content: string | null;
  from_me: boolean;
  author: MessageRecord['author'];
  message_type: string;
  status: MessageRecord['status'];
  error: string | null;
  external_id: string | null;
  media_url: string | null;
  media_filename: string | null;
  media_mimetype: string | null;
  media_size: SqlInteger | null;
  media_duration: SqlInteger | null;
  media_width: SqlInteger | null;
  media_height: SqlInteger | null;
  thumbnail_url: string | null;
  contact_reaction: string | null;
  owner_reaction: string | null;
  edited_at: SqlTimestamp | null;
  deleted_at: SqlTimestamp | null;
  failed_burst_id: string | null;
  opt_out: boolean;
  /** Absent when the statement does not select it. */
  sent_by_user_id?: string | null;
  edited_by_user_id?: string | null;
  acked_at?: SqlTimestamp | null;
  created_at: SqlTimestamp;
}

/** A `conversations` row with its number's instance_name / number_phone / number_apelido, as the inbox shows it. */
export interface ConversationSqlRow {
  id: string;
  user_id: string;
  number_id: string;
  contact_name: string | null;
  contact_phone: string | null;
  contact_username?: string | null;
  contact_jid: string;
  type: ConversationRow['type'];
  agente_ativo: boolean;
  opted_out: boolean;
  handoff_reason: string | null;
  ai_resumes_at: SqlTimestamp | null;
  /** Absent when the statement does not select it (read as false). */
  never_answer?: boolean;
  last_message: SqlTimestamp;
  last_message_preview: string | null;
  unread_count: SqlInteger;
  created_at: SqlTimestamp;
  instance_name: string;
  number_phone: string;
  number_apelido: string | null;
}

const asDate = (v: SqlTimestamp) => new Date(v);
const asNumberOrNull = (v: SqlInteger | null | undefined) => (v === null || v === undefined ? null : Number(v));

export function messageRecordFromSql(r: MessageSqlRow): MessageRecord {
  return {
    id: r.id,
    userId: r.user_id,
    convId: r.conv_id,
    direction: r.direction,
    content: r.content ?? null,
    fromMe: r.from_me,
    author: r.author,
    messageType: r.message_type,
    status: r.status,
    error: r.error ?? null,
    externalId: r.external_id ?? null,
    mediaUrl: r.media_url ?? null,
    mediaFilename: r.media_filename ?? null,
    mediaMimetype: r.media_mimetype ?? null,
    mediaSize: asNumberOrNull(r.media_size),
    mediaDuration: asNumberOrNull(r.media_duration),
    mediaWidth: asNumberOrNull(r.media_width),
    mediaHeight: asNumberOrNull(r.media_height),
    thumbnailUrl: r.thumbnail_url ?? null,
    contactReaction: r.contact_reaction ?? null,
    ownerReaction: r.owner_reaction ?? null,
    editedAt: r.edited_at ? asDate(r.edited_at) : null,
    deletedAt: r.deleted_at ? asDate(r.deleted_at) : null,
    failedBurstId: r.failed_burst_id ?? null,
    optOut: r.opt_out === true,
    sentByUserId: r.sent_by_user_id ?? null,
    editedByUserId: r.edited_by_user_id ?? null,
    ackedAt: r.acked_at ? asDate(r.acked_at) : null,
    createdAt: asDate(r.created_at),
  };
}

export function conversationRowFromSql(r: ConversationSqlRow): ConversationRow & { userId: string } {
  return {
    id: r.id,
    userId: r.user_id,
    numberId: r.number_id,
    contactName: r.contact_name ?? null,
    contactPhone: r.contact_phone ?? null,
    ...(r.contact_username !== undefined ? { contactUsername: r.contact_username } : {}),
    contactJid: r.contact_jid,
    type: r.type,
    agenteAtivo: r.agente_ativo,
    optedOut: r.opted_out,
    handoffReason: r.handoff_reason ?? null,
    aiResumesAt: r.ai_resumes_at ? asDate(r.ai_resumes_at) : null,
    neverAnswer: r.never_answer === true,
    lastMessage: asDate(r.last_message),
    lastMessagePreview: r.last_message_preview ?? null,
    unreadCount: Number(r.unread_count),
    createdAt: asDate(r.created_at),
    numberInstanceName: r.instance_name,
    numberPhone: r.number_phone,
    numberApelido: r.number_apelido ?? null,
    lastMessageKey: asDate(r.last_message).toISOString(),
  };
}

/** A json/jsonb value as the driver hands it: parsed, or as text. */
export type SqlJson<T> = T | string;
export const parsedJson = <T>(value: SqlJson<T>): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
