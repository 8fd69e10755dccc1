import { FUNNEL_MESSAGES, FUNNEL_PAGE_SIZE, type FunnelCardPage } from '@vendai/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { funnelStages } from '../../db/schema/index.ts';
import { notFound } from '../../lib/app-error.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';
import { selectCards } from './funnel-repository.ts';

/** One column's page of cards (FUNNEL_PAGE_SIZE, keyset by last message then id; 'Ver mais' asks the next). */
export async function listCards(db: Db, userId: string, stageId: string, cursor?: string): Promise<FunnelCardPage> {
  const after = decodeCursor(cursor);
  const [stage] = await db
    .select({ kind: funnelStages.kind })
    .from(funnelStages)
    .where(and(eq(funnelStages.id, stageId), eq(funnelStages.userId, userId)));
  if (!stage) throw notFound(FUNNEL_MESSAGES.stageNotFound);
  const rows = await selectCards(db, {
    userId,
    stageId: stage.kind === 'novo' ? null : stageId,
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
