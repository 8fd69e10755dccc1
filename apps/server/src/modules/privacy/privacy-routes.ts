import { privacySummarySchema } from '@vendai/contracts';
import { requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';

/** /api/privacy: retention shown to the owner, data export, account deletion, contact erasure (decision 031). */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  requireUser(app);

  app.get('/', { schema: { response: { 200: privacySummarySchema } } }, async () => ({
    mediaRetentionDays: deps.env.MEDIA_RETENTION_DAYS,
  }));
};
