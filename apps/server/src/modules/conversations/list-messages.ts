import { LIMITS, type MessagePage } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { toMessageDto } from '../../domain/conversations/conversation-dto.ts';
import { findInsights, toInsightDto } from '../../domain/media-insights/insight-repository.ts';
import { findConversationOfAccount, selectMessagePage } from './conversations-repository.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import { originsOf } from '../../domain/outbound/outbound-audit.ts';

const MEDIA_TYPES = new Set(['audio', 'image', 'sticker', 'document']);

/**
 * A chat page (docs/product/rules.md#states-and-transitions, docs/product/limits.md): the latest 30 messages, then older pages with
 * (created_at, id) before the oldest one loaded. Items come oldest first, ready to render.
 */
export async function listMessages({
  db,
  accountId,
  convId,
  cursor,
}: {
  db: Db;
  accountId: string;
  convId: string;
  cursor?: string;
}): Promise<MessagePage> {
  const before = decodeCursor(cursor);
  if (!(await findConversationOfAccount(db, accountId, convId))) throw notFound();
  const size = LIMITS.messagesPageSize;
  const rows = await selectMessagePage(db, accountId, convId, before, size + 1);
  const page = rows.slice(0, size);
  const oldest = page.at(-1);
  // Transcripts, image descriptions and document texts (decision 016), for the media on this page.
  const insights = await findInsights(
    db,
    page.filter((m) => m.direction === 'in' && MEDIA_TYPES.has(m.messageType)).map((m) => m.id),
  );
  // What sent each of our messages, from its audit record (decision 046): the bubble's small label.
  const origins = await originsOf(
    db,
    page.filter((m) => m.direction === 'out').map((m) => m.id),
  );
  return {
    items: page
      .map((m) => {
        const insight = insights.get(m.id);
        const dto = { ...toMessageDto(m), origin: origins.get(m.id) ?? null };
        return insight ? { ...dto, insight: toInsightDto(insight) } : dto;
      })
      .reverse(),
    nextCursor: rows.length > size && oldest ? encodeCursor({ at: oldest.createdAtKey, id: oldest.id }) : null,
  };
}
