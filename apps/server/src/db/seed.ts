import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { plans } from './schema/index.ts';
import { PRODUCT_NAME } from '@vendai/contracts';

/**
 * The four plans of docs/product/limits.md. Limits are the pricing card's (the free plan's onboarding figures are
 * recorded in docs/decisions/002-plan-limits.md). Prices are in US cents per month.
 */
export const PLAN_SEED = [
  {
    slug: 'freemium',
    name: 'Gratuito',
    description: '300 mensagens de IA por mês • IA básica • 1 agente • 1 conta de WhatsApp • Retreinar 5 vezes por mês',
    priceCents: 0,
    isFeatured: false,
    sortOrder: 1,
    maxAiMessages: 300,
    maxAgents: 1,
    maxInstances: 1,
    maxTrainnings: 5,
    maxTestMessages: 100,
    maxAiAssists: 30,
  },
  {
    slug: 'expansao-ia',
    name: 'Expansão IA',
    description:
      '5.000 mensagens de IA por mês • IA 5x mais inteligente • 3 agentes • 2 contas de WhatsApp • Retreinar 15 vezes por mês • US$ 0,01 por mensagem acima do limite',
    priceCents: 4700,
    isFeatured: true,
    sortOrder: 2,
    maxAiMessages: 5000,
    maxAgents: 3,
    maxInstances: 2,
    maxTrainnings: 15,
    maxTestMessages: 1_000,
    maxAiAssists: 300,
  },
  {
    slug: `consciencia-${PRODUCT_NAME.toLowerCase()}`,
    name: `Consciência ${PRODUCT_NAME}`,
    description:
      '15.000 mensagens de IA por mês • IA 15x mais inteligente • 5 agentes • 5 contas de WhatsApp • Retreinar 45 vezes por mês • US$ 0,01 por mensagem acima do limite',
    priceCents: 9700,
    isFeatured: false,
    sortOrder: 3,
    maxAiMessages: 15000,
    maxAgents: 5,
    maxInstances: 5,
    maxTrainnings: 45,
    maxTestMessages: 3_000,
    maxAiAssists: 1_000,
  },
  {
    slug: 'sem-limites',
    name: 'Sem Limites',
    description: 'Volume sob medida • Agentes e contas conforme contrato • Suporte dedicado',
    priceCents: null,
    isFeatured: false,
    sortOrder: 4,
    maxAiMessages: 1_000_000,
    maxAgents: 50,
    maxInstances: 50,
    maxTrainnings: 1_000,
    maxTestMessages: 10_000,
    maxAiAssists: 5_000,
  },
] as const;

/** Inserts the plans, or refreshes their copy and limits; keeps ids and Stripe price ids. */
export async function seedPlans(db: Db): Promise<void> {
  for (const plan of PLAN_SEED) {
    await db
      .insert(plans)
      .values(plan)
      .onConflictDoUpdate({
        target: plans.slug,
        set: {
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          priceCents: sql`excluded.price_cents`,
          isFeatured: sql`excluded.is_featured`,
          sortOrder: sql`excluded.sort_order`,
          maxAiMessages: sql`excluded.max_ai_messages`,
          maxAgents: sql`excluded.max_agents`,
          maxInstances: sql`excluded.max_instances`,
          maxTrainnings: sql`excluded.max_trainnings`,
          maxTestMessages: sql`excluded.max_test_messages`,
          maxAiAssists: sql`excluded.max_ai_assists`,
        },
      });
  }
}
