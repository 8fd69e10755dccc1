import type { FunnelStageKind } from '@vendai/contracts';

export interface ReachStage {
  id: string;
  kind: FunnelStageKind;
  position: number;
}

/**
 * How many conversations reached each stage, from how many are in each stage now
 * (docs/decisions/043-labels-notes-funnel.md): every conversation reached Novo; Perdido is reached only
 * by those in it; any other stage by those in it or in a later stage of the board (Perdido aside). `now`
 * maps a stage id to its count; conversations in no stage row are Novo's (pass them under Novo's id).
 */
export function reachedByStage(stages: readonly ReachStage[], now: ReadonlyMap<string, number>): Map<string, number> {
  const total = [...now.values()].reduce((a, b) => a + b, 0);
  const reached = new Map<string, number>();
  for (const stage of stages) {
    if (stage.kind === 'novo') reached.set(stage.id, total);
    else if (stage.kind === 'perdido') reached.set(stage.id, now.get(stage.id) ?? 0);
    else
      reached.set(
        stage.id,
        stages
          .filter((s) => s.kind !== 'perdido' && s.position >= stage.position)
          .reduce((sum, s) => sum + (now.get(s.id) ?? 0), 0),
      );
  }
  return reached;
}
