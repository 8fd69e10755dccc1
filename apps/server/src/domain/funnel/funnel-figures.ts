import type { ResultsFunnel } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { reachedByStage } from './funnel-reach.ts';
import { countChatsByDayAndStage } from './stages-repository.ts';
import { ensureStages } from './stages.ts';

export interface FunnelScope {
  accountId: string;
  numberId: string | null;
  from: Date;
  to: Date;
  timeZone: string;
}

/**
 * Resultados' funnel (docs/decisions/043-labels-notes-funnel.md): the conversations (chats) started in
 * [from, to), by the stage they are in now, for the whole period and per local day of their start.
 */
export async function funnelFigures(
  db: Db,
  scope: FunnelScope,
): Promise<{ total: ResultsFunnel; byDay: Map<string, ResultsFunnel> }> {
  const stages = await ensureStages(db, scope.accountId);
  const novo = stages.find((s) => s.kind === 'novo')!.id;
  const rows = await countChatsByDayAndStage(db, scope);
  const all = new Map<string, number>();
  const days = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const stage = r.stage_id ?? novo;
    const day = days.get(r.day.slice(0, 10)) ?? new Map<string, number>();
    days.set(r.day.slice(0, 10), day);
    day.set(stage, (day.get(stage) ?? 0) + Number(r.n));
    all.set(stage, (all.get(stage) ?? 0) + Number(r.n));
  }
  const figures = (now: Map<string, number>): ResultsFunnel => {
    const total = [...now.values()].reduce((a, b) => a + b, 0);
    const reached = reachedByStage(stages, now);
    return {
      total,
      stages: stages.map((s) => ({
        stageId: s.id,
        kind: s.kind,
        name: s.name,
        count: now.get(s.id) ?? 0,
        reached: reached.get(s.id) ?? 0,
        conversion: total ? (reached.get(s.id) ?? 0) / total : null,
      })),
    };
  };
  return { total: figures(all), byDay: new Map([...days].map(([d, now]) => [d, figures(now)])) };
}
