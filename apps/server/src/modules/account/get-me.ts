import { DEFAULT_TIME_ZONE, type Me } from '@vendai/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { findProfileWithPlan } from './account-repository.ts';
import { teamSize } from '../../domain/team/membership.ts';
import { readAttendantPermissions } from '../../domain/team/permissions.ts';
import type { SessionUser } from '../../types.ts';

/** 'Gratuito' when there is no plan or the plan is freemium (docs/product/screens.md). */
export function planLabel(plan: { slug: string; name: string } | null): string {
  if (!plan || plan.slug.includes('freemium') || plan.name.toLowerCase().includes('freemium')) return 'Gratuito';
  return plan.name;
}

/**
 * The signed-in person in their account: `user` is the person, profile and plan are the account's
 * (an attendant works under the owner's plan, docs/decisions/044-team-roles-and-assignment.md). An
 * attendant reads only what the inbox needs: the owner's personal phone, the subscription and the plan
 * (its price) stay null for them (docs/decisions/052-attendant-permissions-and-number-claims.md).
 */
export async function getMe(db: Db, person: SessionUser): Promise<Me> {
  const row = await findProfileWithPlan(db, person.id);
  if (!row) throw notFound();
  const { user, profile, plan } = row;
  const owner = person.role === 'owner';
  return {
    user: { id: person.actorId, name: person.name, email: person.email, emailVerified: person.emailVerified },
    profile: {
      phone: owner ? (profile?.phone ?? null) : null,
      countryCode: owner ? (profile?.countryCode ?? null) : null,
      subscriptionStatus: owner ? (profile?.subscriptionStatus ?? null) : null,
      timeZone: profile?.timeZone ?? DEFAULT_TIME_ZONE,
    },
    plan:
      plan && owner
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
    team: {
      role: person.role,
      accountId: person.id,
      accountName: user.name,
      size: await teamSize(db, person.id),
      permissions: await readAttendantPermissions(db, person.id),
    },
  };
}
