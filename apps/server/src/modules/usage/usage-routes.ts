import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../plugins/require-user.ts';
import { getCurrentUsage } from '../../domain/usage/get-current-usage.ts';

export const usageRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireUser(app));
  app.get('/', async (req) => getCurrentUsage(app.deps.db, req.user.id));
};
