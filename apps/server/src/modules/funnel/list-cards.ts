import { FUNNEL_MESSAGES, FUNNEL_PAGE_SIZE, type FunnelCardPage } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import { findStageKind, selectCards } from './funnel-repository.ts';

/** One column's page of cards (FUNNEL_PAGE_SIZE, keyset by last message then id; 'Ver mais' asks the next). */
export async function listCards(db: Db, accountId: string, stageId: string, cursor?: string): Promise<FunnelCardPage> {
  const after = decodeCursor(cursor);
  const kind = await findStageKind(db, accountId, stageId);
  if (!kind) throw notFound(FUNNEL_MESSAGES.stageNotFound);
  const rows = await selectCards(db, {
    userId: accountId,
    stageId: kind === 'novo' ? null : stageId,
    after,
    limit: FUNNEL_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, FUNNEL_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(({ key: _key, ...card }) => card),
    nextCursor: rows.length > FUNNEL_PAGE_SIZE && last ? encodeCursor({ at: last.key, id: last.convId }) : null,
  };
}
