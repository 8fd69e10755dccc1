import {
  FUNNEL_CUSTOM_STAGES_MAX,
  FUNNEL_MESSAGES,
  type FunnelStageDto,
  type FunnelStageInput,
} from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { pgErrorCode } from '../../db/pg-error.ts';
import { ensureStages } from '../../domain/funnel/stages.ts';
import type { FunnelStageRow } from '../../domain/funnel/stages-repository.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import {
  countByStage,
  deleteStageRow,
  findStageKind,
  insertCustomStage,
  renameStageRow,
  setStagePositions,
} from './funnel-repository.ts';

/** The board's columns with their counts (docs/decisions/043-labels-notes-funnel.md). */
export async function listStages(db: Db, accountId: string): Promise<FunnelStageDto[]> {
  const [stages, counts] = await Promise.all([ensureStages(db, accountId), countByStage(db, accountId)]);
  return stages.map((s) => toDto(s, (counts.get(s.id) ?? 0) + (s.kind === 'novo' ? (counts.get(null) ?? 0) : 0)));
}

export async function createStage(db: Db, accountId: string, input: FunnelStageInput): Promise<FunnelStageDto> {
  const stages = await ensureStages(db, accountId);
  if (stages.filter((s) => s.kind === 'custom').length >= FUNNEL_CUSTOM_STAGES_MAX)
    throw new AppError('LIMIT_REACHED', FUNNEL_MESSAGES.stagesFull);
  // After every other column (before Perdido when it is last: a lost sale stays the board's end).
  const last = stages.at(-1)!;
  const position = last.kind === 'perdido' ? last.position : last.position + 1;
  return uniqueName(async () => {
    const created = await insertCustomStage(db, {
      userId: accountId,
      name: input.name,
      position,
      shift: last.kind === 'perdido' ? { id: last.id, position: last.position + 1 } : undefined,
    });
    return toDto(created, 0);
  });
}

export async function renameStage(
  db: Db,
  accountId: string,
  id: string,
  input: FunnelStageInput,
): Promise<FunnelStageDto> {
  return uniqueName(async () => {
    const row = await renameStageRow(db, accountId, id, input.name);
    if (!row) throw notFound(FUNNEL_MESSAGES.stageNotFound);
    return (await listStages(db, accountId)).find((s) => s.id === row.id)!;
  });
}

/** Deletes one of the owner's own stages; its cards go back to Novo (their rows go with the stage). */
export async function deleteStage(db: Db, accountId: string, id: string): Promise<void> {
  const kind = await findStageKind(db, accountId, id);
  if (!kind) throw notFound(FUNNEL_MESSAGES.stageNotFound);
  if (kind !== 'custom') throw new AppError('CONFLICT', FUNNEL_MESSAGES.builtInDelete);
  await deleteStageRow(db, accountId, id);
}

/** The board's new order: every stage of the account once, Novo first (one statement). */
export async function reorderStages(db: Db, accountId: string, stageIds: string[]): Promise<FunnelStageDto[]> {
  const stages = await ensureStages(db, accountId);
  const same =
    new Set(stageIds).size === stageIds.length &&
    stageIds.length === stages.length &&
    stages.every((s) => stageIds.includes(s.id));
  if (!same || stages.find((s) => s.id === stageIds[0])?.kind !== 'novo')
    throw new AppError('VALIDATION', FUNNEL_MESSAGES.order, { fields: { stageIds: FUNNEL_MESSAGES.order } });
  await setStagePositions(db, accountId, stageIds);
  return listStages(db, accountId);
}

function toDto(s: FunnelStageRow, count: number): FunnelStageDto {
  return { id: s.id, kind: s.kind, name: s.name, position: s.position, count };
}

/** A name the account already uses is a 409 with a Portuguese reason. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (pgErrorCode(err) === '23505')
      throw new AppError('CONFLICT', FUNNEL_MESSAGES.stageNameTaken, {
        fields: { name: FUNNEL_MESSAGES.stageNameTaken },
      });
    throw err;
  }
}
