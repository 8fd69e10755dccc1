import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';

/** Resultados' message templates of official-API numbers (docs/decisions/041-cloud-window-and-templates.md). */
export interface TemplateFigures {
  total: number;
  utility: number;
  marketing: number;
  authentication: number;
}

const ZERO: TemplateFigures = { total: 0, utility: 0, marketing: 0, authentication: 0 };

/**
 * Templates sent in [from, to) by Meta's category, per local day and for the whole period, for the
 * account or one of its numbers. A send that failed (its message 'failed') is not counted.
 */
export async function templateFigures(
  db: Db,
  scope: { userId: string; numberId: string | null; from: Date; to: Date; timeZone: string },
): Promise<{ total: TemplateFigures; byDay: Map<string, TemplateFigures> }> {
  const number = scope.numberId ? sql`and c.number_id = ${scope.numberId}` : sql``;
  const rows = resultRows<{ day: string | null; utility: number; marketing: number; authentication: number }>(
    await db.execute(sql`
      select day::text as day,
        count(*) filter (where category = 'UTILITY')::int as utility,
        count(*) filter (where category = 'MARKETING')::int as marketing,
        count(*) filter (where category = 'AUTHENTICATION')::int as authentication
      from (
        select t.category, (t.created_at at time zone ${scope.timeZone})::date as day
        from template_messages t
        join messages m on m.id = t.message_id
        join conversations c on c.id = m.conv_id
        where t.user_id = ${scope.userId} and m.status <> 'failed'
          and t.created_at >= ${scope.from.toISOString()}::timestamptz
          and t.created_at < ${scope.to.toISOString()}::timestamptz ${number}
      ) e
      group by rollup (day)`),
  );
  const byDay = new Map<string, TemplateFigures>();
  let total = ZERO;
  for (const r of rows) {
    const f = {
      utility: Number(r.utility),
      marketing: Number(r.marketing),
      authentication: Number(r.authentication),
      total: Number(r.utility) + Number(r.marketing) + Number(r.authentication),
    };
    if (r.day === null) total = f;
    else byDay.set(r.day.slice(0, 10), f);
  }
  return { total, byDay };
}
