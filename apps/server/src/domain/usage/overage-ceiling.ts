import type { OverageStatus } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { type AlertDeps, alertOwnerOfPause } from '../handoff/owner-alerts.ts';
import {
  claimPeriodAnswer,
  ensurePeriodRow,
  findCeilingSetting,
  findPeriodAnswers,
  findPlanWithCeiling,
  markCeilingAlerted,
  releasePeriodAnswer,
} from './overage-repository.ts';
import { usagePeriod } from './usage-period.ts';

/**
 * The overage ceiling of paid plans (docs/decisions/021-spend-and-abuse-limits.md): past the plan's
 * AI messages each answer costs OVERAGE_CENTS_PER_MESSAGE (billed by modules/billing/report-overage.ts);
 * the owner caps what that may cost per billing period. At the ceiling the AI pauses: no answer that
 * would bill more overage is even asked of the AI, and the owner is alerted once per period.
 */

/** What a period's overage may cost when the owner set nothing: 50.00 in the billing currency. */
export const DEFAULT_OVERAGE_CEILING_CENTS = 5_000;
/** The metered price of one AI answer past the plan's limit (US$ 0,01, the Stripe metered price). */
export const OVERAGE_CENTS_PER_MESSAGE = 1;

interface PaidPlan {
  planId: string;
  maxAi: number;
  ceilingCents: number;
}

/** The user's plan when it bills overage (a price above zero), with the owner's ceiling; null otherwise. */
async function paidPlanOf(db: Db, accountId: string): Promise<PaidPlan | null> {
  const row = await findPlanWithCeiling(db, accountId);
  if (!row || Number(row.price) <= 0) return null;
  return {
    planId: row.plan_id,
    maxAi: Number(row.max_ai),
    ceilingCents: row.ceiling === null ? DEFAULT_OVERAGE_CEILING_CENTS : Number(row.ceiling),
  };
}

/** AI answers a period may have: the plan's own plus as many overage answers as the ceiling pays for. */
const answersAllowed = (plan: PaidPlan) => plan.maxAi + Math.floor(plan.ceilingCents / OVERAGE_CENTS_PER_MESSAGE);

/** A claimed paid answer (given back with releasePaidAnswer when nothing was sent). */
export interface PaidAnswerSlot {
  userId: string;
  periodStart: Date;
}

/**
 * Claims one AI answer of a paid plan's billing period, atomically (a conditional increment under the
 * row lock, so concurrent bursts never pass the ceiling). Returns the slot, 'paused' at the ceiling
 * (the first time in the period the owner is alerted, through the owner alerts, on `convId`), or
 * null when the plan bills no overage (free, sales-only).
 */
export async function reservePaidAnswer(
  deps: AlertDeps,
  req: { userId: string; convId: string },
  now = new Date(),
): Promise<PaidAnswerSlot | 'paused' | null> {
  const plan = await paidPlanOf(deps.db, req.userId);
  if (!plan) return null;
  const period = await usagePeriod(deps.db, req.userId, plan.planId, now);
  const slot = { userId: req.userId, periodStart: period.start };
  // The period's row exists after its first answer: claim at once; else create it (counted) and claim.
  if (await claimPeriodAnswer(deps.db, req.userId, period.start, answersAllowed(plan))) return slot;
  await ensurePeriodRow(deps.db, req.userId, period.start, period.end);
  if (await claimPeriodAnswer(deps.db, req.userId, period.start, answersAllowed(plan))) return slot;

  if (await markCeilingAlerted(deps.db, req.userId, period.start)) {
    await alertOwnerOfPause(deps, { accountId: req.userId, convId: req.convId, ceilingCents: plan.ceilingCents }).catch(
      (err) => deps.log.warn({ err, userId: req.userId }, 'overage ceiling: the owner alert failed'),
    );
  }
  return 'paused';
}

/** Gives a claimed paid answer back: nothing was sent. */
export async function releasePaidAnswer(db: Db, slot: PaidAnswerSlot): Promise<void> {
  await releasePeriodAnswer(db, slot.userId, slot.periodStart);
}

/** The overage of the user's current period against the ceiling, as the app's banner and Planos show it. */
export async function getOverageStatus(db: Db, accountId: string, now = new Date()): Promise<OverageStatus> {
  const plan = await paidPlanOf(db, accountId);
  const setting = await findCeilingSetting(db, accountId);
  const ceilingCents = setting ? Number(setting.ceiling) : DEFAULT_OVERAGE_CEILING_CENTS;
  if (!plan) return { applies: false, ceilingCents, spentCents: 0, paused: false, periodEnd: null };
  const period = await usagePeriod(db, accountId, plan.planId, now);
  await ensurePeriodRow(db, accountId, period.start, period.end);
  const row = await findPeriodAnswers(db, accountId, period.start);
  const answers = Number(row?.answers ?? 0);
  return {
    applies: true,
    ceilingCents,
    spentCents: Math.max(0, answers - plan.maxAi) * OVERAGE_CENTS_PER_MESSAGE,
    paused: answers >= answersAllowed(plan),
    periodEnd: period.end.toISOString(),
  };
}
