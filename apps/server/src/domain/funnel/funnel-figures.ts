import type { ResultsFunnel } from '@vendai/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import { reachedByStage } from './funnel-reach.ts';
import { ensureStages } from './stages.ts';

export interface FunnelScope {
  userId: string;
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
  const stages = await ensureStages(db, scope.userId);
  const novo = stages.find((s) => s.kind === 'novo')!.id;
  const number = scope.numberId ? sql`and c.number_id = ${scope.numberId}` : sql``;
  const rows = resultRows<{ day: string; stage_id: string | null; n: number }>(
    await db.execute(sql`
      select ((c.created_at at time zone ${scope.timeZone})::date)::text as day, cs.stage_id, count(*)::int as n
      from conversations c left join conversation_stages cs on cs.conv_id = c.id
      where c.user_id = ${scope.userId} and c.type = 'chat'
        and c.created_at >= ${scope.from.toISOString()}::timestamptz and c.created_at < ${scope.to.toISOString()}::timestamptz
        ${number}
      group by 1, 2`),
  );
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
