import type { Db } from '../../db/client.ts';
import { countTouchOutcomes } from './follow-up-figures-repository.ts';

/** Resultados' follow-up figures (docs/decisions/037-follow-ups.md). */
export interface FollowUpFigures {
  /** Follow-up touches that went out. */
  sent: number;
  /** Customers (conversations) who wrote within 7 days after a touch, before the next one. */
  replied: number;
  /** Of those, the ones whose reply was no opt-out and got an answer: the conversation is going again. */
  recovered: number;
}

const ZERO: FollowUpFigures = { sent: 0, replied: 0, recovered: 0 };

/**
 * The figures of the touches sent in [from, to), per local day of the send and for the whole period
 * (distinct customers across days), for the account or one of its numbers.
 */
export async function followUpFigures(
  db: Db,
  scope: { accountId: string; numberId: string | null; from: Date; to: Date; timeZone: string },
): Promise<{ total: FollowUpFigures; byDay: Map<string, FollowUpFigures> }> {
  const rows = await countTouchOutcomes(db, scope);
  const byDay = new Map<string, FollowUpFigures>();
  let total = ZERO;
  for (const r of rows) {
    const figures = { sent: Number(r.sent), replied: Number(r.replied), recovered: Number(r.recovered) };
    if (r.day === null) total = figures;
    else byDay.set(r.day.slice(0, 10), figures);
  }
  return { total, byDay };
}
