import {
  SEARCH_BAD_CURSOR,
  SEARCH_CONVERSATIONS_LIMIT,
  SEARCH_PAGE_SIZE,
  type ConversationSearchQuery,
  type ConversationSearchResult,
} from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { toConversationDto } from '../../domain/conversations/conversation-dto.ts';
import { AppError } from '../../lib/app-error.ts';
import { decodeCursor, encodeCursor, type KeysetPosition } from '../../lib/keyset-cursor.ts';
import { searchConversations, searchMessages, type MessageHitRow } from './search-repository.ts';

/** Names and phones are matched from this many characters on (trigrams need three). */
const CONTACT_MIN_LENGTH = 3;

/**
 * The inbox search (docs/decisions/040-inbox-search.md): on the first page, the conversations whose
 * customer name or phone contains what was typed; on every page, messages whose words match (Portuguese
 * stems, accents ignored), newest first, with the found words marked.
 */
export async function runConversationSearch({
  db,
  accountId,
  query,
}: {
  db: Db;
  accountId: string;
  query: ConversationSearchQuery;
}): Promise<ConversationSearchResult> {
  const before = readCursor(query.cursor);
  const contact = contactTerm(query.q);
  const [found, hits] = await Promise.all([
    before || contact.length < CONTACT_MIN_LENGTH
      ? []
      : searchConversations(db, accountId, contact, SEARCH_CONVERSATIONS_LIMIT),
    searchMessages(db, accountId, query.q, before, SEARCH_PAGE_SIZE + 1),
  ]);
  const page = hits.slice(0, SEARCH_PAGE_SIZE);
  const last = page.at(-1);
  return {
    conversations: found.map(toConversationDto),
    messages: page.map(toHit),
    nextCursor: hits.length > SEARCH_PAGE_SIZE && last ? encodeCursor({ at: last.created_at_key, id: last.id }) : null,
  };
}

/** A phone typed with its punctuation ('(21) 98888-7777', '+55 21…') is searched by its digits. */
export function contactTerm(q: string): string {
  const text = q.trim();
  return /^[\d\s()+.-]+$/.test(text) ? text.replace(/\D/g, '') : text;
}

function readCursor(cursor: string | undefined): KeysetPosition | null {
  try {
    return decodeCursor(cursor);
  } catch {
    throw new AppError('VALIDATION', SEARCH_BAD_CURSOR, { fields: { cursor: SEARCH_BAD_CURSOR } });
  }
}

function toHit(row: MessageHitRow): ConversationSearchResult['messages'][number] {
  return {
    messageId: row.id,
    convId: row.conv_id,
    createdAt: row.created_at_key,
    direction: row.direction,
    source: row.source,
    snippet: row.snippet.trim(),
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    conversationType: row.type,
  };
}
