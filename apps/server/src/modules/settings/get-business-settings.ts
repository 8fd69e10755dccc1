import type { BusinessSettings } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { getAccountTimeZone } from '../../domain/account/account-time-zone.ts';
import { describeBusinessHours } from '../../domain/business-hours/describe-week.ts';
import { loadBusinessHours } from '../../domain/business-hours/load-business-hours.ts';
import { findMovedFactTexts } from './settings-repository.ts';

/**
 * The business's clock and facts: time zone, weekly hours and closed days (decisions 018 and 019), the
 * week in words and the facts kept once (docs/decisions/066-business-facts-in-one-place.md).
 */
export async function getBusinessSettings(db: Db, accountId: string): Promise<BusinessSettings> {
  const [{ week, closedDays, facts }, moved] = await Promise.all([
    loadBusinessHours(db, accountId),
    findMovedFactTexts(db, accountId),
  ]);
  return {
    timeZone: await getAccountTimeZone(db, accountId),
    hours: week,
    closedDays,
    hoursSummary: week ? describeBusinessHours(week) : null,
    facts,
    // The one of each topic that became the fact is in `facts` already; the older ones only here.
    movedTexts: moved
      .filter((t) => !t.kept)
      .sort((a, b) => b.at.localeCompare(a.at))
      .map(({ from, topic, question, answer, at }) => ({ from, topic, question, answer, at })),
  };
}
