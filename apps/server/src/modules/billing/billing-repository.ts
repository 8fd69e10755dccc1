import { isUuid } from '@vendai/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { resultRows } from '../../db/rows.ts';
import {
  billingEvents,
  billingPlanChanges,
  billingSubscriptions,
  plans,
  profiles,
  user,
} from '../../db/schema/index.ts';

export type PlanRow = typeof plans.$inferSelect;

export async function listActivePlans(db: Db): Promise<PlanRow[]> {
  return db.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.sortOrder));
}

export async function findActivePlan(db: Db, id: string): Promise<PlanRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, id), eq(plans.isActive, true)));
  return row ?? null;
}

export async function findFreePlanRow(db: Db): Promise<PlanRow | null> {
  const [bySlug] = await db.select().from(plans).where(eq(plans.slug, 'freemium')).limit(1);
  if (bySlug) return bySlug;
  const [byPrice] = await db.select().from(plans).where(eq(plans.priceCents, 0)).orderBy(asc(plans.sortOrder)).limit(1);
  return byPrice ?? null;
}

/** The paid plan a subscription's prices belong to (the overage price matches no plan). */
export async function findPlanByPriceIds(db: Db, priceIds: string[]): Promise<PlanRow | null> {
  if (!priceIds.length) return null;
  const [row] = await db.select().from(plans).where(inArray(plans.stripePriceId, priceIds)).limit(1);
  return row ?? null;
}

/** Writes the configured price ids on the plans (and clears the others'): the lookups use the column. */
export async function syncPlanPriceIds(db: Db, priceIds: Record<string, string>): Promise<void> {
  for (const plan of await db
    .select({ id: plans.id, slug: plans.slug, stripePriceId: plans.stripePriceId })
    .from(plans)) {
    const wanted = priceIds[plan.slug] ?? null;
    if (plan.stripePriceId !== wanted)
      await db.update(plans).set({ stripePriceId: wanted }).where(eq(plans.id, plan.id));
  }
}

export interface BillingProfile {
  userId: string;
  email: string;
  name: string;
  stripeCustomerId: string | null;
  activeSubscriptionId: string | null;
  subscriptionStatus: string | null;
  plan: PlanRow | null;
}

export async function readBillingProfile(db: Db, accountId: string): Promise<BillingProfile | null> {
  const [row] = await db
    .select({ user, profile: profiles, plan: plans })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(plans, eq(plans.id, profiles.activePlanId))
    .where(eq(user.id, accountId))
    .limit(1);
  if (!row) return null;
  return {
    userId: row.user.id,
    email: row.user.email,
    name: row.user.name,
    stripeCustomerId: row.profile?.stripeCustomerId ?? null,
    activeSubscriptionId: row.profile?.activeSubscriptionId ?? null,
    subscriptionStatus: row.profile?.subscriptionStatus ?? null,
    plan: row.plan ?? null,
  };
}

/** Stores the Stripe customer only if the user has none yet; returns the one kept. */
export async function keepCustomerOnce(db: Db, accountId: string, customerId: string): Promise<string> {
  await db.insert(profiles).values({ id: accountId }).onConflictDoNothing();
  await db
    .update(profiles)
    .set({ stripeCustomerId: customerId, updatedAt: new Date() })
    .where(and(eq(profiles.id, accountId), isNull(profiles.stripeCustomerId)));
  const [row] = await db.select({ id: profiles.stripeCustomerId }).from(profiles).where(eq(profiles.id, accountId));
  return row!.id!;
}

export async function findAccountByCustomer(db: Db, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.stripeCustomerId, customerId))
    .limit(1);
  return row?.id ?? null;
}

export async function readSubscriptionRow(db: Db, accountId: string) {
  const [row] = await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.userId, accountId));
  return row ?? null;
}

export interface PlanState {
  userId: string;
  planId: string;
  status: string;
  /** Null for a plan without a subscription (the free plan chosen on the pricing page). */
  subscription: { id: string; periodStart: Date; periodEnd: Date; cancelAtPeriodEnd: boolean } | null;
  source: string;
}

/**
 * Applies a plan/subscription state to the user in one transaction (the profile row locked), and
 * logs a billing_plan_changes row only when the plan or the status really changed: replays change
 * nothing. Returns whether something changed.
 */
export async function applyPlanState(db: Db, s: PlanState): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.insert(profiles).values({ id: s.userId }).onConflictDoNothing();
    const [before] = resultRows<{ active_plan_id: string | null; subscription_status: string | null }>(
      await tx.execute(sql`select active_plan_id, subscription_status from profiles where id = ${s.userId} for update`),
    );
    await tx
      .update(profiles)
      .set({
        activePlanId: s.planId,
        subscriptionStatus: s.status,
        activeSubscriptionId: s.subscription?.id ?? null,
        updatedAt: new Date(),
      })
      .where(eq(profiles.id, s.userId));
    if (s.subscription) {
      const values = {
        subscriptionId: s.subscription.id,
        status: s.status,
        planId: s.planId,
        currentPeriodStart: s.subscription.periodStart,
        currentPeriodEnd: s.subscription.periodEnd,
        cancelAtPeriodEnd: s.subscription.cancelAtPeriodEnd,
        updatedAt: new Date(),
      };
      await tx
        .insert(billingSubscriptions)
        .values({ userId: s.userId, ...values })
        .onConflictDoUpdate({ target: billingSubscriptions.userId, set: values });
    } else {
      await tx.delete(billingSubscriptions).where(eq(billingSubscriptions.userId, s.userId));
    }
    const changed = before?.active_plan_id !== s.planId || before?.subscription_status !== s.status;
    if (changed) {
      await tx.insert(billingPlanChanges).values({
        userId: s.userId,
        fromPlanId: before?.active_plan_id ?? null,
        toPlanId: s.planId,
        status: s.status,
        source: s.source,
      });
    }
    return changed;
  });
}

/** Stores a webhook event by Stripe's id; 'new', or whether the stored one was already processed. */
export async function storeEvent(
  db: Db,
  e: { id: string; type: string; payload: unknown },
): Promise<'new' | 'processed' | 'unprocessed'> {
  const inserted = await db
    .insert(billingEvents)
    .values({ id: e.id, type: e.type, payload: e.payload })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  if (inserted.length) return 'new';
  const [row] = await db
    .select({ processedAt: billingEvents.processedAt })
    .from(billingEvents)
    .where(eq(billingEvents.id, e.id));
  return row?.processedAt ? 'processed' : 'unprocessed';
}

export async function markEventProcessed(db: Db, id: string): Promise<void> {
  await db.update(billingEvents).set({ processedAt: new Date() }).where(eq(billingEvents.id, id));
}

/** The owner's overage ceiling (docs/decisions/021-spend-and-abuse-limits.md), in cents. */
export async function saveOverageCeiling(db: Db, accountId: string, ceilingCents: number): Promise<void> {
  await db.execute(sql`
    insert into spend_limits (user_id, overage_ceiling_cents) values (${accountId}, ${ceilingCents})
    on conflict (user_id) do update set overage_ceiling_cents = excluded.overage_ceiling_cents, updated_at = now()`);
}
