import { DEFAULT_TIME_ZONE, type Me } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { findProfileWithPlan } from './account-repository.ts';

/** 'Gratuito' when there is no plan or the plan is freemium (docs/product/screens.md). */
export function planLabel(plan: { slug: string; name: string } | null): string {
  if (!plan || plan.slug.includes('freemium') || plan.name.toLowerCase().includes('freemium')) return 'Gratuito';
  return plan.name;
}

export async function getMe(db: Db, userId: string): Promise<Me> {
  const row = await findProfileWithPlan(db, userId);
  if (!row) throw notFound();
  const { user, profile, plan } = row;
  return {
    user: { id: user.id, name: user.name, email: user.email },
    profile: {
      phone: profile?.phone ?? null,
      countryCode: profile?.countryCode ?? null,
      subscriptionStatus: profile?.subscriptionStatus ?? null,
      timeZone: profile?.timeZone ?? DEFAULT_TIME_ZONE,
    },
    plan: plan
      ? {
          id: plan.id,
          slug: plan.slug,
          name: plan.name,
          description: plan.description,
          priceCents: plan.priceCents,
          isFeatured: plan.isFeatured,
          sortOrder: plan.sortOrder,
          maxAiMessages: plan.maxAiMessages,
          maxAgents: plan.maxAgents,
          maxInstances: plan.maxInstances,
          maxTrainnings: plan.maxTrainnings,
        }
      : null,
    planLabel: planLabel(plan),
  };
}
