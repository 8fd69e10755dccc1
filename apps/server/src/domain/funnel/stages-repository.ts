import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { funnelStages } from '../../db/schema/index.ts';

export type FunnelStageRow = typeof funnelStages.$inferSelect;

/** The account's stages by position. */
export async function selectStages(db: Db, userId: string): Promise<FunnelStageRow[]> {
  return db.select().from(funnelStages).where(eq(funnelStages.userId, userId)).orderBy(asc(funnelStages.position));
}

/** Inserts stages; one that meets an existing row (same account and kind) does nothing. */
export async function insertStagesIfMissing(
  db: Db,
  rows: { userId: string; kind: FunnelStageRow['kind']; name: string; position: number }[],
): Promise<void> {
  await db.insert(funnelStages).values(rows).onConflictDoNothing();
}
