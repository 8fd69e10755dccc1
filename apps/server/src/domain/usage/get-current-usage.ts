import { getMediaUsage } from './media-usage.ts';
import { countTestMessages } from './test-allowance.ts';
import { countAiAssists } from './ai-assists.ts';
import { usagePeriod } from './usage-period.ts';
import type { CurrentUsage } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import {
  countAgents,
  countAiAnswersBetween,
  countNumbers,
  countTrainingsSince,
  findActivePlan,
  findMonthlyAiMessages,
  findPlanBySlug,
} from './usage-repository.ts';

/** First instant of the current calendar month in UTC: monthly limits reset then. */
export function monthStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * user_current_usage (docs/product/data.md): the plan's limits beside what the user has used. A user with no
 * plan gets the free plan's limits (docs/decisions/002-plan-limits.md). total_trainnings counts the
 * month's trainings and retrainings ('TREINAMENTO'); prompt-coach acceptances ('TREINADORA DE
 * PROMPT') are recorded but are edits, not trainings (docs/decisions/014-prompt-workshop.md). Monthly counters cover the
 * calendar month, or the billing period of a paid plan's live subscription (usage-period.ts).
 */
export async function getCurrentUsage(db: Db, accountId: string, now = new Date()): Promise<CurrentUsage> {
  const calendarMonth = monthStart(now);
  const activePlan = await findActivePlan(db, accountId);
  const plan = activePlan ?? (await findPlanBySlug(db, 'freemium'));
  const period = await usagePeriod(db, accountId, activePlan?.id ?? null, now);
  const since = period.kind === 'billing' ? period.start : calendarMonth;

  const [trainings, agents, instances, monthly, media, testMessages, assists] = await Promise.all([
    countTrainingsSince(db, accountId, since),
    countAgents(db, accountId),
    countNumbers(db, accountId),
    period.kind === 'billing'
      ? countAiAnswersBetween(db, accountId, period.start, period.end)
      : findMonthlyAiMessages(db, accountId, calendarMonth.toISOString().slice(0, 10)),
    getMediaUsage(db, accountId, calendarMonth.toISOString().slice(0, 10)),
    countTestMessages(db, accountId, now),
    countAiAssists(db, accountId, now),
  ]);

  return {
    total_trainnings: trainings,
    max_trainnings: plan?.maxTrainnings ?? 0,
    qtd_agentes: agents,
    max_ai_responses: plan?.maxAgents ?? 0,
    qtd_instancias: instances,
    max_instances: plan?.maxInstances ?? 0,
    ai_messages: monthly,
    max_ai_messages: plan?.maxAiMessages ?? 0,
    media,
    test_messages: testMessages,
    max_test_messages: plan?.maxTestMessages ?? 0,
    ai_assists: assists.price_list + assists.training_questions + assists.media_requests,
    max_ai_assists: plan?.maxAiAssists ?? 0,
    ai_assists_by_kind: assists,
  };
}
