import { DEFAULT_TIME_ZONE, type Me } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { findProfileWithPlan } from './account-repository.ts';
import { teamSize } from '../../domain/team/membership.ts';
import type { SessionUser } from '../../types.ts';

/** 'Gratuito' when there is no plan or the plan is freemium (docs/product/screens.md). */
export function planLabel(plan: { slug: string; name: string } | null): string {
  if (!plan || plan.slug.includes('freemium') || plan.name.toLowerCase().includes('freemium')) return 'Gratuito';
  return plan.name;
}

/**
 * The signed-in person in their account: `user` is the person, profile and plan are the account's
 * (an attendant works under the owner's plan, docs/decisions/044-team-roles-and-assignment.md).
 */
export async function getMe(db: Db, person: SessionUser): Promise<Me> {
  const row = await findProfileWithPlan(db, person.id);
  if (!row) throw notFound();
  const { user, profile, plan } = row;
  return {
    user: { id: person.actorId, name: person.name, email: person.email },
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
    team: { role: person.role, accountId: person.id, accountName: user.name, size: await teamSize(db, person.id) },
  };
}
