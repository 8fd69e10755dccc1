import { and, count, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import {
  agentes,
  billingSubscriptions,
  mediaUsageMonthly,
  numbers,
  plans,
  profiles,
  usageMonthly,
  usageTraining,
} from '../../db/schema/index.ts';
import { countAiAnswersSql } from './ai-answers.ts';

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type MediaUsageRow = typeof mediaUsageMonthly.$inferSelect;

/** An account's media counters row for one month ('YYYY-MM'), or null before its first media that month. */
export async function findMediaUsageMonth(db: Db, accountId: string, month: string): Promise<MediaUsageRow | null> {
  const [row] = await db
    .select()
    .from(mediaUsageMonthly)
    .where(and(eq(mediaUsageMonthly.userId, accountId), eq(mediaUsageMonthly.month, month)));
  return row ?? null;
}

/** The account's billing subscription row (one per account), or null when it never subscribed. */
export async function findSubscription(db: Db, accountId: string): Promise<SubscriptionRow | null> {
  const [sub] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, accountId)).limit(1);
  return sub ?? null;
}

/** The account's active plan, or null when it has none. */
export async function findActivePlan(db: Db, accountId: string): Promise<PlanRow | null> {
  const [row] = await db
    .select({ plan: plans })
    .from(profiles)
    .innerJoin(plans, eq(plans.id, profiles.activePlanId))
    .where(eq(profiles.id, accountId))
    .limit(1);
  return row?.plan ?? null;
}

export async function findPlanBySlug(db: Db, slug: string): Promise<PlanRow | undefined> {
  return (await db.select().from(plans).where(eq(plans.slug, slug)).limit(1))[0];
}

/** Trainings and retrainings ('TREINAMENTO') since `since`. */
export async function countTrainingsSince(db: Db, accountId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(usageTraining)
    .where(
      and(
        eq(usageTraining.userId, accountId),
        eq(usageTraining.type, 'TREINAMENTO'),
        gte(usageTraining.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

export async function countAgents(db: Db, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(agentes).where(eq(agentes.userId, accountId));
  return row?.n ?? 0;
}

export async function countNumbers(db: Db, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(numbers).where(eq(numbers.userId, accountId));
  return row?.n ?? 0;
}

/** AI answers in [start, end) counted from the messages (ai-answers.ts). */
export async function countAiAnswersBetween(db: Db, accountId: string, start: Date, end: Date): Promise<number> {
  const [row] = resultRows<{ n: number }>(await db.execute(countAiAnswersSql(accountId, start, end)));
  return row?.n ?? 0;
}

/** The calendar month's AI messages counter (month: its first day, 'YYYY-MM-DD'). */
export async function findMonthlyAiMessages(db: Db, accountId: string, month: string): Promise<number> {
  const [row] = await db
    .select({ n: usageMonthly.aiMessages })
    .from(usageMonthly)
    .where(and(eq(usageMonthly.userId, accountId), eq(usageMonthly.month, month)));
  return row?.n ?? 0;
}
