import { eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { conversations, type messages, numbers, profiles } from '../../db/schema/index.ts';

/**
 * A conversation with its number, as the inbox lists it and as every realtime event carries it
 * (toConversationDto), and the reads that return it. Shared by the inbox (modules/conversations) and the
 * write side (modules/conversation-engine).
 */

/** A stored message as its table holds it (toMessageDto's input). */
export type MessageRow = typeof messages.$inferSelect;

export type ConversationRow = {
  id: string;
  numberId: string;
  contactName: string | null;
  contactPhone: string | null;
  /** Meta's username of a Cloud customer (decision 062); absent on rows the engine's own statements return without it. */
  contactUsername?: string | null;
  contactJid: string;
  type: 'chat' | 'group';
  agenteAtivo: boolean;
  optedOut: boolean;
  handoffReason: string | null;
  aiResumesAt: Date | null;
  neverAnswer: boolean;
  lastMessage: Date;
  lastMessagePreview: string | null;
  unreadCount: number;
  createdAt: Date;
  /** The person it is assigned to (decision 044); absent on rows the engine's own statements return. */
  assignedUserId?: string | null;
  numberInstanceName: string;
  numberPhone: string;
  numberApelido: string | null;
  lastMessageKey: string;
};

/** A conversation's contact phone beside its owner's own phone: enough to tell the owner's channel in code. */
export interface ConversationParties {
  id: string;
  contactPhone: string | null;
  ownerPhone: string | null;
  ownerCountryCode: string | null;
}

/** A timestamp as text at full precision, in UTC, for keyset cursors (see keyset-cursor.ts). */
export const keyText = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const conversationColumns = {
  id: conversations.id,
  numberId: conversations.numberId,
  contactName: conversations.contactName,
  contactPhone: conversations.contactPhone,
  contactUsername: conversations.contactUsername,
  contactJid: conversations.contactJid,
  type: conversations.type,
  agenteAtivo: conversations.agenteAtivo,
  optedOut: conversations.optedOut,
  handoffReason: conversations.handoffReason,
  aiResumesAt: conversations.aiResumesAt,
  neverAnswer: conversations.neverAnswer,
  lastMessage: conversations.lastMessage,
  lastMessagePreview: conversations.lastMessagePreview,
  unreadCount: conversations.unreadCount,
  createdAt: conversations.createdAt,
  assignedUserId: conversations.assignedUserId,
  numberInstanceName: numbers.instanceName,
  numberPhone: numbers.phone,
  numberApelido: numbers.apelido,
  lastMessageKey: keyText(conversations.lastMessage),
};

/** Several conversations by id, whoever owns them (realtime publishing after a batch; `userId` is on each row's owner). */
export async function findConversationsByIds(db: Db, ids: string[]): Promise<(ConversationRow & { userId: string })[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...conversationColumns, userId: conversations.userId })
    .from(conversations)
    .innerJoin(numbers, eq(numbers.id, conversations.numberId))
    .where(inArray(conversations.id, ids));
  return rows as (ConversationRow & { userId: string })[];
}

/**
 * The same as findConversationsByIds, each row with its owner's phone (the realtime publisher leaves the
 * owner's channel out: docs/decisions/048-opt-out-and-owner-channel.md). One primary-key read of `profiles` a row.
 */
export async function findConversationsWithOwnerPhone(
  db: Db,
  ids: string[],
): Promise<(ConversationRow & { userId: string; ownerPhone: string | null; ownerCountryCode: string | null })[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      ...conversationColumns,
      userId: conversations.userId,
      ownerPhone: profiles.phone,
      ownerCountryCode: profiles.countryCode,
    })
    .from(conversations)
    .innerJoin(numbers, eq(numbers.id, conversations.numberId))
    .leftJoin(profiles, eq(profiles.id, conversations.userId))
    .where(inArray(conversations.id, ids));
  return rows as (ConversationRow & { userId: string; ownerPhone: string | null; ownerCountryCode: string | null })[];
}

/** Only the phones of several conversations (a message's conversation, to tell the owner's channel). */
export async function findConversationParties(db: Db, ids: string[]): Promise<ConversationParties[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: conversations.id,
      contactPhone: conversations.contactPhone,
      ownerPhone: profiles.phone,
      ownerCountryCode: profiles.countryCode,
    })
    .from(conversations)
    .leftJoin(profiles, eq(profiles.id, conversations.userId))
    .where(inArray(conversations.id, ids));
}
