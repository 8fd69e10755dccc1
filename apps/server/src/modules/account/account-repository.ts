import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { plans, profiles, user } from '../../db/schema/index.ts';

export async function findProfileWithPlan(db: Db, accountId: string) {
  const [row] = await db
    .select({ user, profile: profiles, plan: plans })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(plans, eq(plans.id, profiles.activePlanId))
    .where(eq(user.id, accountId))
    .limit(1);
  return row ?? null;
}

export async function updateProfilePhone(db: Db, accountId: string, phone: { national: string; countryCode: string }) {
  await db
    .insert(profiles)
    .values({ id: accountId, phone: phone.national, countryCode: phone.countryCode })
    .onConflictDoUpdate({
      target: profiles.id,
      set: { phone: phone.national, countryCode: phone.countryCode, updatedAt: new Date() },
    });
}

/** The free plan: slug 'freemium' and active; else the cheapest active plan at price 0 (docs/product/integrations.md). */
export async function findFreePlan(db: Db) {
  const [bySlug] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.slug, 'freemium'), eq(plans.isActive, true)))
    .limit(1);
  if (bySlug) return bySlug;
  const [byPrice] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.priceCents, 0), eq(plans.isActive, true)))
    .orderBy(asc(plans.sortOrder))
    .limit(1);
  return byPrice ?? null;
}

export async function setActivePlan(db: Db, accountId: string, planId: string, status: string) {
  await db
    .update(profiles)
    .set({ activePlanId: planId, subscriptionStatus: status, updatedAt: new Date() })
    .where(eq(profiles.id, accountId));
}

/**
 * Marks the e-mail of the person with this (lower-cased) address as confirmed: the operator's command
 * for servers without SMTP_URL (scripts/confirm-email.ts, docs/decisions/051-verified-email-and-membership-end.md).
 */
export async function markEmailVerified(db: Db, email: string): Promise<'confirmed' | 'already' | 'unknown'> {
  const [person] = await db
    .select({ id: user.id, verified: user.emailVerified })
    .from(user)
    .where(eq(user.email, email))
    .limit(1);
  if (!person) return 'unknown';
  if (person.verified) return 'already';
  await db.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, person.id));
  return 'confirmed';
}
