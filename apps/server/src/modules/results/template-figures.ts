import type { Db } from '../../db/client.ts';
import { type PeriodScope, selectTemplateCounts } from './results-repository.ts';

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
  scope: PeriodScope,
): Promise<{ total: TemplateFigures; byDay: Map<string, TemplateFigures> }> {
  const rows = await selectTemplateCounts(db, scope);
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
