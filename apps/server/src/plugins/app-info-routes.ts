import { healthSchema, publicConfigSchema } from '@vendai/contracts';
import { publicConfig } from '../config/public-config.ts';
import type { FastifyPluginAsyncZod } from './route-schemas.ts';

/** GET /api/health (what runs: database, mail) and GET /api/config (the public settings for the browser). */
export const appInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, mailer, llm, env } = app.deps;
  app.get('/api/health', { schema: { response: { 200: healthSchema } } }, async () => ({
    ok: true as const,
    database: database.kind,
    mail: mailer.kind,
  }));
  app.get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async () =>
    publicConfig(env, llm.kind === 'demo' ? 'demo' : 'live'),
  );
};
