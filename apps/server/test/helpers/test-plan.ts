import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { plans, profiles } from '../../src/db/schema/index.ts';

/**
 * Puts the account on a free, hidden plan of its own with the given monthly allowances (the rest
 * generous), so a test can reach a limit in a few calls.
 */
export async function onTestPlan(
  db: Db,
  userId: string,
  limits: { maxTestMessages?: number; maxAiAssists?: number; maxAgents?: number },
): Promise<void> {
  const [plan] = await db
    .insert(plans)
    .values({
      slug: `teste-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
      name: 'Plano de teste',
      priceCents: 0,
      isActive: false,
      maxAiMessages: 300,
      maxAgents: limits.maxAgents ?? 1,
      maxInstances: 1,
      maxTrainnings: 5,
      maxTestMessages: limits.maxTestMessages ?? 100,
      ...(limits.maxAiAssists === undefined ? {} : { maxAiAssists: limits.maxAiAssists }),
    })
    .returning();
  await db.update(profiles).set({ activePlanId: plan!.id }).where(eq(profiles.id, userId));
}
