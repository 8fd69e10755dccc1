import { FUNNEL_AGENDADO_STAGE, FUNNEL_BUILT_IN_STAGES } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import {
  insertAgendadoBeforePago,
  insertStagesIfMissing,
  selectStages,
  type FunnelStageRow,
} from './stages-repository.ts';

/**
 * The account's stages by position, the five built-ins created on first use (docs/decisions/043-labels-notes-funnel.md).
 * Safe when two requests create them at once: an insert that meets an existing row does nothing.
 */
export async function ensureStages(db: Db, accountId: string): Promise<FunnelStageRow[]> {
  const rows = await selectStages(db, accountId);
  const missing = FUNNEL_BUILT_IN_STAGES.filter((b) => !rows.some((r) => r.kind === b.kind));
  if (missing.length === 0) return rows;
  await insertStagesIfMissing(
    db,
    missing.map((b) => ({
      userId: accountId,
      kind: b.kind,
      name: b.name,
      position: FUNNEL_BUILT_IN_STAGES.indexOf(b),
    })),
  );
  return selectStages(db, accountId);
}

/**
 * The account's Agendado stage, created on its first booking (docs/decisions/069-agenda.md, "The funnel's
 * Agendado"): an account that never uses the agenda keeps its board as it was. Named 'Agendado', or
 * 'Agendado (agenda)' when the owner already has a stage of their own by that name.
 */
export async function ensureAgendadoStage(db: Db, accountId: string): Promise<void> {
  const stages = await ensureStages(db, accountId);
  if (stages.some((s) => s.kind === FUNNEL_AGENDADO_STAGE.kind)) return;
  const taken = stages.some((s) => s.name.toLowerCase() === FUNNEL_AGENDADO_STAGE.name.toLowerCase());
  await insertAgendadoBeforePago(
    db,
    accountId,
    taken ? `${FUNNEL_AGENDADO_STAGE.name} (agenda)` : FUNNEL_AGENDADO_STAGE.name,
  );
}
