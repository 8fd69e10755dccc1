import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from './route-schemas.ts';

/** A module's routes: plain, or typed by the zod schemas they declare (route-schemas.ts). */
type RoutePlugin = FastifyPluginAsync | FastifyPluginAsyncZod;

/**
 * A feature module as the app mounts it: one Fastify plugin that registers the module's routes under
 * its prefix. Each module's index.ts exports one (`export const agentsModule = appModule('/api/agents',
 * agentsRoutes)`), and app.ts registers the list: adding a module is one line there, and the prefix
 * lives with the module. Dependencies come from `app.deps` (types.ts), shared by every module.
 */
export function appModule(prefix: string, ...routes: RoutePlugin[]): FastifyPluginAsync {
  return async (app) => {
    for (const plugin of routes) await app.register(plugin, { prefix });
  };
}
