import { FUNNEL_BUILT_IN_STAGES } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { insertStagesIfMissing, selectStages, type FunnelStageRow } from './stages-repository.ts';

/**
 * The account's stages by position, the five built-ins created on first use (docs/decisions/043-labels-notes-funnel.md).
 * Safe when two requests create them at once: an insert that meets an existing row does nothing.
 */
export async function ensureStages(db: Db, userId: string): Promise<FunnelStageRow[]> {
  const rows = await selectStages(db, userId);
  const missing = FUNNEL_BUILT_IN_STAGES.filter((b) => !rows.some((r) => r.kind === b.kind));
  if (missing.length === 0) return rows;
  await insertStagesIfMissing(
    db,
    missing.map((b) => ({
      userId,
      kind: b.kind,
      name: b.name,
      position: FUNNEL_BUILT_IN_STAGES.indexOf(b),
    })),
  );
  return selectStages(db, userId);
}
