import { planListSchema } from '@vendai/contracts';
import { asc, eq } from 'drizzle-orm';
import { plans } from '../../db/schema/index.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';

/** Active plans, in display order (docs/product/integrations.md). Public: the pricing cards need no session. */
export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { response: { 200: planListSchema } } }, async () => {
    const rows = await app.deps.db.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.sortOrder));
    return rows.map(({ stripePriceId: _s, createdAt: _c, isActive: _a, ...plan }) => plan);
  });
};
