import { currentUsageSchema } from '@vendai/contracts';
import { OPEN_TO_TEAM, requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { getCurrentUsage } from '../../domain/usage/get-current-usage.ts';

export const usageRoutes: FastifyPluginAsyncZod = async (app) => {
  requireUser(app);
  app.get('/', { config: OPEN_TO_TEAM, schema: { response: { 200: currentUsageSchema } } }, async (req) =>
    getCurrentUsage(app.deps.db, req.user.id),
  );
};
