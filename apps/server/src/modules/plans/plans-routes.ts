import type { FastifyPluginAsync } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { plans } from '../../db/schema/index.ts';

/** Active plans, in display order (part 2 §7). Public: the pricing cards need no session. */
export const plansRoutes: FastifyPluginAsync = async (app) => {
  app.get('/', async () => {
    const rows = await app.deps.db.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.sortOrder));
    return rows.map(({ stripePriceId: _s, createdAt: _c, isActive: _a, ...plan }) => plan);
  });
};
