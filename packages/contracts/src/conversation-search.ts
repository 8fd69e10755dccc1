import { z } from 'zod';
import { conversationDtoSchema } from './conversations.ts';

/**
 * The inbox's search box (GET /api/inbox-search?q=): conversations by the customer's name or phone, and
 * messages by their words, transcripts and documents' text included (docs/decisions/040-inbox-search.md).
 */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_TOO_SHORT = `Digite pelo menos ${SEARCH_MIN_LENGTH} letras ou números para buscar.`;
export const SEARCH_TOO_LONG = `A busca aceita no máximo ${SEARCH_MAX_LENGTH} caracteres.`;
export const SEARCH_BAD_CURSOR = 'Não foi possível continuar a busca. Busque novamente.';
/** Conversations matched by name or phone, shown above the messages (first page only). */
export const SEARCH_CONVERSATIONS_LIMIT = 5;
export const SEARCH_PAGE_SIZE = 20;

/**
 * A snippet's found words are wrapped in these two characters (STX … ETX), which messages never hold:
 * the browser splits on them and marks the words, so nothing from a message is read as HTML.
 */
export const SEARCH_MARK_START = '\u0002';
export const SEARCH_MARK_END = '\u0003';

export const conversationSearchQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_TOO_SHORT })
    .trim()
    .min(SEARCH_MIN_LENGTH, { error: SEARCH_TOO_SHORT })
    .max(SEARCH_MAX_LENGTH, { error: SEARCH_TOO_LONG })
    .describe('o que o dono digitou: nome, telefone ou palavras das mensagens'),
  cursor: z
    .string({ error: SEARCH_BAD_CURSOR })
    .optional()
    .describe('nextCursor da página anterior de mensagens; ausente na primeira'),
});
export type ConversationSearchQuery = z.infer<typeof conversationSearchQuerySchema>;

export const messageSearchHitSchema = z.object({
  messageId: z.string(),
  convId: z.string(),
  createdAt: z.string(),
  direction: z.enum(['in', 'out']),
  /** Where the words were: the message's text (or a document's name), a voice note's transcript, a document's text, an image's description. */
  source: z.enum(['message', 'transcript', 'document', 'description']),
  /** A piece of the text around the found words, each marked with SEARCH_MARK_START … SEARCH_MARK_END. */
  snippet: z.string(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  conversationType: z.enum(['chat', 'group']),
});
export type MessageSearchHit = z.infer<typeof messageSearchHitSchema>;

export const conversationSearchResultSchema = z.object({
  /** Up to SEARCH_CONVERSATIONS_LIMIT, most recent first; empty on later pages. */
  conversations: z.array(conversationDtoSchema),
  /** Newest first, SEARCH_PAGE_SIZE at a time. */
  messages: z.array(messageSearchHitSchema),
  nextCursor: z.string().nullable(),
});
export type ConversationSearchResult = z.infer<typeof conversationSearchResultSchema>;
