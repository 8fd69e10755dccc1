import {
  EXPORT_WINDOW_MINUTES,
  EXPORTS_PER_WINDOW,
  fileResponseSchema,
  PRIVACY_MESSAGES,
  privacySummarySchema,
} from '@vendai/contracts';
import { sharedLimit } from '../../plugins/rate-limits.ts';
import { requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { exportAccountData } from './export-account-data.ts';

/** /api/privacy: retention shown to the owner, data export, account deletion, contact erasure (decision 031). */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  requireUser(app);

  app.get('/', { schema: { response: { 200: privacySummarySchema } } }, async () => ({
    mediaRetentionDays: deps.env.MEDIA_RETENTION_DAYS,
  }));

  // 'Exportar meus dados': a zip streamed as it is written; a few per account per window, across processes.
  app.get(
    '/export',
    {
      schema: { response: { 200: fileResponseSchema } },
      preHandler: sharedLimit(deps.rateLimits, {
        name: 'privacy-export',
        max: EXPORTS_PER_WINDOW,
        windowMs: EXPORT_WINDOW_MINUTES * 60 * 1000,
        subject: (req) => req.user.id,
        message: PRIVACY_MESSAGES.exportTooSoon,
      }),
    },
    async (req, reply) => {
      const { filename, stream } = await exportAccountData(deps.db, req.user.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
};
