import { planListSchema } from '@vendai/contracts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { listActivePlans } from './plans-repository.ts';

/** Active plans, in display order (docs/product/integrations.md). Public: the pricing cards need no session. */
export const plansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { response: { 200: planListSchema } } }, async () => {
    const rows = await listActivePlans(app.deps.db);
    return rows.map(({ stripePriceId: _s, createdAt: _c, isActive: _a, ...plan }) => plan);
  });
};
