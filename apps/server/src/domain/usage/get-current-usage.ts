import { and, count, eq, gte } from 'drizzle-orm';
import { resultRows } from '../../db/rows.ts';
import { countAiAnswersSql } from './ai-answers.ts';
import { getMediaUsage } from './media-usage.ts';
import { countTestMessages } from './test-allowance.ts';
import { countAiAssists } from './ai-assists.ts';
import { usagePeriod } from './usage-period.ts';
import type { CurrentUsage } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { agentes, numbers, plans, profiles, usageMonthly, usageTraining } from '../../db/schema/index.ts';

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
export async function getCurrentUsage(db: Db, userId: string, now = new Date()): Promise<CurrentUsage> {
  const calendarMonth = monthStart(now);
  const [planRow] = await db
    .select({ plan: plans })
    .from(profiles)
    .innerJoin(plans, eq(plans.id, profiles.activePlanId))
    .where(eq(profiles.id, userId))
    .limit(1);
  const plan = planRow?.plan ?? (await db.select().from(plans).where(eq(plans.slug, 'freemium')).limit(1))[0];
  const period = await usagePeriod(db, userId, planRow?.plan.id ?? null, now);
  const since = period.kind === 'billing' ? period.start : calendarMonth;

  const [[trainings], [agents], [instances], [monthly], media, testMessages, assists] = await Promise.all([
    db
      .select({ n: count() })
      .from(usageTraining)
      .where(
        and(
          eq(usageTraining.userId, userId),
          eq(usageTraining.type, 'TREINAMENTO'),
          gte(usageTraining.createdAt, since),
        ),
      ),
    db.select({ n: count() }).from(agentes).where(eq(agentes.userId, userId)),
    db.select({ n: count() }).from(numbers).where(eq(numbers.userId, userId)),
    period.kind === 'billing'
      ? db.execute(countAiAnswersSql(userId, period.start, period.end)).then((r) => resultRows<{ n: number }>(r))
      : db
          .select({ n: usageMonthly.aiMessages })
          .from(usageMonthly)
          .where(
            and(eq(usageMonthly.userId, userId), eq(usageMonthly.month, calendarMonth.toISOString().slice(0, 10))),
          ),
    getMediaUsage(db, userId, calendarMonth.toISOString().slice(0, 10)),
    countTestMessages(db, userId, now),
    countAiAssists(db, userId, now),
  ]);

  return {
    total_trainnings: trainings?.n ?? 0,
    max_trainnings: plan?.maxTrainnings ?? 0,
    qtd_agentes: agents?.n ?? 0,
    max_ai_responses: plan?.maxAgents ?? 0,
    qtd_instancias: instances?.n ?? 0,
    max_instances: plan?.maxInstances ?? 0,
    ai_messages: monthly?.n ?? 0,
    max_ai_messages: plan?.maxAiMessages ?? 0,
    media,
    test_messages: testMessages,
    max_test_messages: plan?.maxTestMessages ?? 0,
    ai_assists: assists.price_list + assists.training_questions + assists.media_requests,
    max_ai_assists: plan?.maxAiAssists ?? 0,
    ai_assists_by_kind: assists,
  };
}
