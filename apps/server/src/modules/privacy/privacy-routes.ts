import { fromNodeHeaders } from 'better-auth/node';
import {
  deleteAccountSchema,
  eraseContactResultSchema,
  idParamsSchema,
  EXPORT_WINDOW_MINUTES,
  EXPORTS_PER_WINDOW,
  fileResponseSchema,
  noContentSchema,
  PRIVACY_MESSAGES,
  privacySummarySchema,
} from '@vendai/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { sharedLimit } from '../../plugins/rate-limits.ts';
import { OWNER_ONLY, requireUser } from '../../plugins/require-user.ts';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import { deleteAccount } from './delete-account.ts';
import { eraseContact } from './erase-contact.ts';
import { exportAccountData } from './export-account-data.ts';

/** /api/privacy: retention shown to the owner, data export, account deletion, contact erasure (decision 031). */
export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Export and deletion are a person's own (an attendant's: their own account; deleting it leaves the
  // team), the rest stays the owner's (decision 044).
  requireUser(app, 'team');

  app.get('/', { config: OWNER_ONLY, schema: { response: { 200: privacySummarySchema } } }, async () => ({
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
        subject: (req) => req.user.actorId,
        message: PRIVACY_MESSAGES.exportTooSoon,
      }),
    },
    async (req, reply) => {
      const { filename, stream } = await exportAccountData(deps.db, req.user.actorId);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  // 'Excluir minha conta': confirmed by the password; the answer clears the session cookies.
  app.post(
    '/delete-account',
    {
      schema: { body: deleteAccountSchema, response: { 204: noContentSchema } },
      // Password guesses: a few a minute per account.
      config: {
        rateLimit: {
          max: 5,
          timeWindow: '1 minute',
          hook: 'preHandler' as const,
          keyGenerator: (req: FastifyRequest) => `delete-account|${req.user?.actorId ?? req.clientAddress}`,
          errorResponseBuilder: () => new AppError('RATE_LIMITED'),
        },
      },
    },
    async (req, reply) => {
      const { clearCookies } = await deleteAccount(
        {
          db: deps.db,
          auth: deps.auth,
          gateway: deps.gateway,
          storage: deps.storage,
          // Billing decorates the app after the modules are mounted (app.ts); read at request time.
          payments: app.billing?.deps.payments ?? null,
          log: req.log,
        },
        { memberId: req.user.actorId, password: req.body.password, headers: fromNodeHeaders(req.headers) },
      );
      for (const cookie of clearCookies) void reply.header('set-cookie', cookie);
      return reply.status(204).send();
    },
  );

  // 'Apagar dados deste contato' (the inbox's conversation header); another account's conversation is 404.
  app.delete(
    '/conversations/:id',
    {
      config: OWNER_ONLY,
      schema: {
        params: idParamsSchema(PRIVACY_MESSAGES.conversationNotFound),
        response: { 200: eraseContactResultSchema },
      },
    },
    async (req) =>
      eraseContact(
        { db: deps.db, storage: deps.storage, realtime: deps.realtime, log: req.log },
        req.user.id,
        req.params.id,
      ),
  );
};
