import { FUNNEL_BUILT_IN_STAGES } from '@vendai/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { funnelStages } from '../../db/schema/index.ts';

export type FunnelStageRow = typeof funnelStages.$inferSelect;

/**
 * The account's stages by position, the five built-ins created on first use (docs/decisions/043-labels-notes-funnel.md).
 * Safe when two requests create them at once: an insert that meets an existing row does nothing.
 */
export async function ensureStages(db: Db, userId: string): Promise<FunnelStageRow[]> {
  const read = () =>
    db.select().from(funnelStages).where(eq(funnelStages.userId, userId)).orderBy(asc(funnelStages.position));
  const rows = await read();
  const missing = FUNNEL_BUILT_IN_STAGES.filter((b) => !rows.some((r) => r.kind === b.kind));
  if (missing.length === 0) return rows;
  await db
    .insert(funnelStages)
    .values(
      missing.map((b) => ({
        userId,
        kind: b.kind,
        name: b.name,
        position: FUNNEL_BUILT_IN_STAGES.indexOf(b),
      })),
    )
    .onConflictDoNothing();
  return read();
}
