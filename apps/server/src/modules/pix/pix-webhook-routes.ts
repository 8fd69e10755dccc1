import { webhookAckSchema } from '@vendai/contracts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from '../../plugins/route-schemas.ts';
import type { PixDeps } from './pix-deps.ts';
import { receivePixWebhook } from './receive-pix-webhook.ts';

/** A provider's notification is a few KB. */
const PIX_WEBHOOK_BODY_LIMIT = 64 * 1024;

const paramsSchema = z.object({
  webhookId: z.string().regex(/^[0-9a-f]{32}$/, { error: 'Webhook Pix não encontrado.' }),
});

/**
 * POST /webhooks/pix/:webhookId — a provider's notification, authenticated by the account's secret
 * (receive-pix-webhook.ts), not a session.
 */
export const pixWebhookRoutes: FastifyPluginAsyncZod<{ deps: PixDeps }> = async (app, { deps }) => {
  app.post(
    '/:webhookId',
    {
      bodyLimit: PIX_WEBHOOK_BODY_LIMIT,
      schema: { params: paramsSchema, body: z.unknown(), response: { 200: webhookAckSchema } },
    },
    async (req) => {
      const outcome = await receivePixWebhook(deps, {
        webhookId: req.params.webhookId,
        headers: req.headers,
        query: req.query as Record<string, unknown>,
        body: req.body,
      });
      return { received: true as const, ...outcome };
    },
  );
};
