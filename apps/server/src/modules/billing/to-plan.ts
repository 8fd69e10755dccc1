import type { Plan } from '@vendai/contracts';
import type { PlanRow } from './billing-repository.ts';

/** A plan row as the API shows it (no Stripe price id, no timestamps). */
export function toPlan(p: PlanRow): Plan {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    description: p.description,
    priceCents: p.priceCents,
    isFeatured: p.isFeatured,
    sortOrder: p.sortOrder,
    maxAiMessages: p.maxAiMessages,
    maxAgents: p.maxAgents,
    maxInstances: p.maxInstances,
    maxTrainnings: p.maxTrainnings,
  };
}
